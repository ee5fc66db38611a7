import { expect, test, visit } from "./fixtures";
import { PASSWORD } from "./pages/account";
import { staffEmail, staffSetupLink } from "./pages/admin";
import { act } from "./pages/navigation";

// The owner's day one (decision 0032), with JavaScript on and off: a stranger signed up first with the owner's listed
// address, which makes them nobody; the link start-up printed sets the owner's password and opens the back office.

test("the owner's day one: the start-up link sets the password and opens the back office; used, it is gone", async ({
  page,
  hasJs,
  allowHttpError,
}) => {
  test.setTimeout(120_000);
  // The form answered with its message (without JavaScript), and the used link's page.
  allowHttpError(400, "/auth/staff-setup");
  allowHttpError(410, "/auth/staff-setup");
  const email = staffEmail(7);
  const stranger = await page.request.post("/auth?mode=signup", {
    form: { intent: "signup", email, password: "stranger-password-1" },
  });
  expect(stranger.ok()).toBe(true);
  expect((await page.request.get("/admin", { maxRedirects: 0 })).status()).not.toBe(200);

  const link = await staffSetupLink(email);
  await visit(page, link);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Set up your staff account" })).toBeVisible();
  await expect(main).toContainText(email);

  // A mistake keeps the form, with a message.
  await main.getByLabel("New password", { exact: true }).fill(PASSWORD);
  await main.getByLabel("Repeat new password", { exact: true }).fill("not the same password");
  await act(page, hasJs, () => main.getByRole("button", { name: "Set password and open the back office" }).click());
  await expect(main.getByText("Passwords do not match")).toBeVisible();

  await main.getByLabel("New password", { exact: true }).fill(PASSWORD);
  await main.getByLabel("Repeat new password", { exact: true }).fill(PASSWORD);
  await act(page, hasJs, () => main.getByRole("button", { name: "Set password and open the back office" }).click());
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  // The link worked once; the stranger's password signs nobody in.
  const used = await page.goto(link);
  expect(used?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
  await page.context().clearCookies();
  const strangerAgain = await page.request.post("/auth", {
    form: { intent: "signin", email, password: "stranger-password-1" },
    maxRedirects: 0,
  });
  expect(strangerAgain.status()).toBe(400);
});
