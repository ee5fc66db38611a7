import type { Page } from "@playwright/test";

import { expect, test, visit } from "./fixtures";
import { expectBadge, signInAsStaff } from "./pages/admin";
import { act } from "./pages/navigation";
import { seededOrderToken } from "./seed-returns.mjs";

// Returns and exchanges (issue 40, decision 0047), on the manual shop, with and without JavaScript: guests' delivered
// orders written into the database by the launcher (seed-returns.mjs: two delivered two days ago, one forty days
// ago), asked about from the guest's own page, moved by staff from /admin/returns and the order's page. The exchange
// order's shipping is posted as the status form posts it (its screen is admin.spec.ts's).

const guestPage = (name: string) => `/order-status?token=${seededOrderToken(test.info().project.name, name)}`;

/** Opens the seeded order's guest page and its request form; returns the order's number. */
async function openRequestForm(page: Page, hasJs: boolean, name: string): Promise<string> {
  await visit(page, guestPage(name));
  const heading = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  const number = /#([0-9a-f]{8})/.exec(heading)?.[1] ?? "";
  expect(number).not.toBe("");
  await act(page, hasJs, () => page.getByRole("link", { name: "Return or exchange items" }).click());
  await expect(page.getByRole("heading", { level: 1, name: "Return or exchange items" })).toBeVisible();
  return number;
}

/** Presses the staff form `button` of the order's one request and waits for its toast. */
async function moveRequest(page: Page, hasJs: boolean, button: string, toast: string, fill?: () => Promise<void>) {
  const form = page.getByRole("form", { name: new RegExp(`^${button}:`) });
  await fill?.();
  await act(page, hasJs, () => form.getByRole("button", { name: button }).click());
  await expect(page.getByTestId("toast")).toContainText(toast);
}

/** Opens the order's page from /admin/returns, by its request's link. */
async function openFromReturns(page: Page, hasJs: boolean, kind: "Return" | "Exchange", number: string) {
  await visit(page, "/admin/returns");
  const row = page.getByTestId("admin-return").filter({ hasText: `order #${number}` });
  await expect(row.locator("[data-return-state]")).toHaveText("Requested");
  await act(page, hasJs, () => row.getByRole("link", { name: `${kind} · order #${number}` }).click());
  await expect(page.getByRole("heading", { level: 1, name: `Order #${number}` })).toBeVisible();
}

test("a line returned in part and refunded, another order exchanged and shipped, a return after 30 days refused", async ({
  page,
  hasJs,
  allowHttpError,
}) => {
  test.slow();
  // The return after 30 days is refused with a 400 (the form kept).
  allowHttpError(400, "/order-return");

  // One of the two brushes of a delivered order: asked by the guest, approved, received, refunded for that line.
  const returned = await openRequestForm(page, hasJs, "return");
  const form = page.getByRole("form", { name: "Return or exchange" });
  await form.getByLabel(/Boar Bristle Extension Brush/).fill("1");
  await form.getByLabel(/Why\?/).fill("One brush is enough");
  await act(page, hasJs, () => form.getByRole("button", { name: "Send request" }).click());
  await expect(page.getByTestId("toast")).toContainText("We have your return request");
  await expect(page.getByTestId("return-request")).toContainText("Requested");
  await expect(page.getByTestId("return-request")).toContainText("1 × Boar Bristle Extension Brush");

  await signInAsStaff(page, 16);
  await openFromReturns(page, hasJs, "Return", returned);
  await moveRequest(page, hasJs, "Approve", "Request approved.", () =>
    page
      .getByRole("form", { name: /^Approve:/ })
      .getByLabel("Return tracking number (optional)")
      .fill("RET 123"),
  );
  // The carrier's prepaid label, attached after the approval (decision 0048): the guest downloads it from their page.
  const orderPage = page.url();
  const labelForm = page.getByRole("form", { name: "Return label: return" });
  await labelForm.getByLabel(/^Return label from the carrier/).setInputFiles({
    name: "label.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n% e2e label\n%%EOF\n"),
  });
  await act(page, hasJs, () => labelForm.getByRole("button", { name: "Attach label" }).click());
  await expect(page.getByTestId("toast")).toContainText("Label attached");
  await visit(page, guestPage("return"));
  const download = page.getByRole("link", { name: "Download your return label (PDF)" });
  const label = await page.request.get((await download.getAttribute("href"))!);
  expect(label.headers()["content-type"]).toBe("application/pdf");
  expect((await label.body()).toString()).toContain("% e2e label");
  await visit(page, orderPage);
  await moveRequest(page, hasJs, "Mark as received", "Marked as received.");
  await moveRequest(page, hasJs, "Refund the returned items", "Returned items refunded.");
  await expect(page.getByTestId("order-refunded")).toHaveText("Partly refunded $24.00");
  await expect(page.getByTestId("refunds")).toContainText("Paid back by hand");
  await expectBadge(page.getByRole("main"), "delivered");

  await visit(page, guestPage("return"));
  await expect(page.getByTestId("order-refunded")).toHaveText("Partly refunded $24.00");
  const asked = page.getByTestId("return-request");
  await expect(asked.locator("[data-return-state]")).toHaveText("Refunded");
  await expect(asked).toContainText("Refunded $24.00");
  await expect(asked).toContainText("Return tracking number: RET 123");

  // The wefts exchanged for the other shade: a new order at no charge, shipped like any other.
  const exchanged = await openRequestForm(page, hasJs, "exchange");
  await form.getByLabel("An exchange for another variant").check();
  await form.getByLabel(/Exchange Test Wefts/).fill("1");
  await form.getByLabel("For an exchange: the variant you want instead").selectOption({ label: "Brown" });
  await form.getByLabel(/Why\?/).fill("The shade does not match");
  await act(page, hasJs, () => form.getByRole("button", { name: "Send request" }).click());
  await expect(page.getByTestId("toast")).toContainText("We have your exchange request");

  await openFromReturns(page, hasJs, "Exchange", exchanged);
  await moveRequest(page, hasJs, "Approve", "Request approved.");
  await moveRequest(page, hasJs, "Mark as received", "Marked as received.");
  await moveRequest(page, hasJs, "Send the exchange", "Exchange order made at no charge");
  const exchangeLink = page.getByRole("link", { name: /^Exchange order #[0-9a-f]{8} \(Paid\)$/ });
  const exchangeNumber = /#([0-9a-f]{8})/.exec((await exchangeLink.textContent()) ?? "")?.[1] ?? "";
  await act(page, hasJs, () => exchangeLink.click());
  await expect(page.getByRole("heading", { level: 1, name: `Order #${exchangeNumber}` })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Exchange Test Wefts");
  await expect(page.getByRole("main")).toContainText("Brown");
  const shipped = await page.request.post(new URL(page.url()).pathname, {
    form: { intent: "move", kind: "mark-shipped", expectedStatus: "paid", carrier: "UPS", trackingNumber: "1ZEXCH1" },
    maxRedirects: 0,
  });
  expect(shipped.status()).toBe(303);

  await visit(page, guestPage("exchange"));
  const exchange = page.getByTestId("return-request");
  await expect(exchange.locator("[data-return-state]")).toHaveText("Exchange sent");
  await expect(exchange).toContainText("1 × Exchange Test Wefts (Black), for Brown");
  await expect(exchange).toContainText(`Exchange order #${exchangeNumber}: Shipped (UPS 1ZEXCH1)`);

  // Delivered forty days ago: no way in from the order's page, and the form itself refuses, keeping what was typed.
  await visit(page, guestPage("old"));
  await expect(page.getByRole("link", { name: "Return or exchange items" })).toHaveCount(0);
  await visit(page, `/order-return?token=${seededOrderToken(test.info().project.name, "old")}`);
  await expect(page.getByRole("main")).toContainText("within 30 days of delivery");
  await form.getByLabel(/Boar Bristle Extension Brush/).fill("1");
  await form.getByLabel(/Why\?/).fill("Changed my mind");
  await act(page, hasJs, () => form.getByRole("button", { name: "Send request" }).click());
  await expect(form).toContainText(/within 30 days of delivery: for this order that ended on \w+ \d+, \d{4}\./);
  await expect(form.getByLabel(/Why\?/)).toHaveValue("Changed my mind");
  await expect(page.getByTestId("return-request")).toHaveCount(0);
});
