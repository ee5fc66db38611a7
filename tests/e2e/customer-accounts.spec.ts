import { shippingAddress } from "../support/shipping";
import { expect, test, visit } from "./fixtures";
import { confirmAddress, createAccount, PASSWORD } from "./pages/account";
import { placeOrder } from "./pages/admin";
import { act } from "./pages/navigation";

// A shopper's account after issue 40 ("Customers", decision 0044): a guest's order page from the success page, the
// guest's orders in /orders once they sign up and confirm the address, and saved addresses chosen at checkout.

test("a guest's View Orders opens their order page; signing up with the address and confirming it lists the order in /orders", async ({
  page,
  hasJs,
}) => {
  const { number, email } = await placeOrder(page);
  await visit(page, "/order-success");
  await act(page, hasJs, () => page.getByRole("main").getByRole("link", { name: "View Orders" }).click());
  await expect(page).toHaveURL(/\/order-status\?order=[0-9a-f-]{36}$/);
  await expect(page.getByRole("main")).toContainText(`#${number}`);

  // Signed up with the address in capitals, then confirmed by its e-mailed link (which signs the shopper in).
  const signUp = await page.request.post("/auth?mode=signup", {
    form: { intent: "signup", email: email.toUpperCase(), password: PASSWORD },
  });
  expect(signUp.ok()).toBe(true);
  await confirmAddress(page, email);
  await visit(page, "/orders");
  await expect(page.getByRole("article", { name: `Order #${number}` })).toBeVisible();
});

test("a member saves two addresses, picks the one that is not the default at checkout, and the order ships there", async ({
  page,
  hasJs,
}) => {
  await createAccount(page, { signedIn: true });
  // The first address through the profile's form; the second as that form posts it.
  await visit(page, "/profile");
  await act(page, hasJs, () => page.getByRole("link", { name: "Add address" }).click());
  const form = page.getByRole("group", { name: "New address" });
  for (const [label, value] of [
    ["First Name", "Ada"],
    ["Last Name", "Lovelace"],
    ["Phone", shippingAddress.phone],
    ["Address", "1 Home Road"],
    ["City", "Beverly Hills"],
    ["State", "CA"],
    ["ZIP Code", "90210"],
  ] as const)
    await form.getByLabel(label, { exact: true }).fill(value);
  await act(page, hasJs, () => page.getByRole("button", { name: "Save address" }).click());
  await expect(page.getByTestId("toast")).toContainText("Address saved");
  await expect(page.getByTestId("saved-address")).toContainText("1 Home Road");
  await expect(page.getByTestId("saved-address")).toContainText("Default");
  const second = await page.request.post("/profile", {
    form: { intent: "save-address", ...shippingAddress, address: "2 Work Street", city: "Los Angeles" },
    maxRedirects: 0,
  });
  expect(second.status()).toBe(303);

  const added = await page.request.post("/cart", {
    form: { intent: "add", productId: "acc-2", quantity: "1" },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(303);
  await visit(page, "/checkout");
  const choice = page.getByRole("group", { name: "Ship to" });
  await expect(choice.getByRole("radio", { name: /1 Home Road/ })).toBeChecked();
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("1 Home Road");
  await choice.getByRole("radio", { name: /2 Work Street/ }).check();
  // With JavaScript the form is filled in place; without it the server ships to the chosen one.
  if (hasJs) await expect(page.getByLabel("City", { exact: true })).toHaveValue("Los Angeles");
  await act(page, hasJs, () => page.getByRole("button", { name: /^Place Order - \$/ }).click());
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  await expect(page.getByTestId("ship-to")).toContainText("2 Work Street");
  await expect(page.getByTestId("ship-to")).toContainText("Los Angeles");
});
