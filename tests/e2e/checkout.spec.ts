import type { Page } from "@playwright/test";
import { expect, test, visit } from "./fixtures";
import { waitForMail } from "./pages/mail";

const address: Array<[label: string, value: string]> = [
  ["First Name", "Ada"],
  ["Last Name", "Lovelace"],
  ["Email", "ada@example.com"],
  ["Phone", "3105550142"],
  ["Address", "1 Rodeo Drive"],
  ["City", "Beverly Hills"],
  ["State", "CA"],
  ["ZIP Code", "90210"],
];

const fieldNames: Record<string, string> = {
  "First Name": "firstName",
  "Last Name": "lastName",
  Email: "email",
  Phone: "phone",
  Address: "address",
  City: "city",
  State: "state",
  "ZIP Code": "zipCode",
};

async function addToCart(page: Page, productId: string, quantity = 1) {
  await visit(page, `/product/${productId}`);
  await page.getByLabel("Quantity", { exact: true }).fill(String(quantity));
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByTestId("toast")).toContainText("Added to cart");
}

async function fillAddress(page: Page) {
  for (const [label, value] of address) await page.getByLabel(label, { exact: true }).fill(value);
}

test.describe("checkout", () => {
  test("an empty cart is sent to the shop with 'Cart is empty'", async ({ page }) => {
    await visit(page, "/checkout");
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByTestId("toast")).toContainText("Cart is empty");
    await expect(page.getByTestId("toast")).toContainText("Add some items to your cart before checking out.");
  });

  test("shows the order summary and the form with its defaults", async ({ page }) => {
    await addToCart(page, "clip-1", 2);
    await visit(page, "/checkout");
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary.getByTestId("summary-line")).toContainText("Silky Straight Clip-In Extensions");
    await expect(summary.getByTestId("summary-line")).toContainText("Qty: 2");
    await expect(summary.getByTestId("summary-line")).toContainText("$598.00");
    await expect(summary).toContainText("Subtotal$598.00");
    await expect(summary).toContainText("ShippingFree");
    await expect(summary).toContainText("Tax$0.00");
    await expect(page.getByTestId("checkout-total")).toHaveText("$598.00");
    await expect(page.getByLabel("Country")).toHaveValue("United States");
    await expect(page.getByRole("button", { name: "Place Order - $598.00" })).toBeVisible();
  });

  test("shows every field's message and keeps what was typed", async ({ page, hasJs, allowHttpError }) => {
    allowHttpError(400, "/checkout");
    await addToCart(page, "acc-2");
    await visit(page, "/checkout");
    await page.getByLabel("First Name").fill("Ada");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Phone").fill("12345");
    await page.getByLabel("ZIP Code").fill("123");
    await page.getByLabel("Country").fill("");
    await page.getByRole("button", { name: /Place Order/ }).click();

    for (const message of [
      "Last name is required",
      "Valid email is required",
      "Valid phone number is required",
      "Address is required",
      "City is required",
      "State is required",
      "Valid zip code is required",
      "Country is required",
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByText("First name is required")).toHaveCount(0);
    await expect(page.getByLabel("First Name")).toHaveValue("Ada");
    await expect(page.getByLabel("Email")).toHaveValue("not-an-email");
    await expect(page.getByLabel("Phone")).toHaveValue("12345");
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    const describedBy = await page.getByLabel("Email").getAttribute("aria-describedby");
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText("Valid email is required");
    if (hasJs) {
      // With JavaScript the messages appear before anything is sent.
      await expect(page).toHaveURL(/\/checkout$/);
    }
  });

  test("a NUL byte in a field: 400 with its message, everything else kept, the cart unchanged", { tag: "@no-js-only" }, async ({ page, allowHttpError }) => {
    allowHttpError(400, "/checkout");
    await addToCart(page, "acc-2");
    await visit(page, "/checkout");
    const placeOrder = page.getByRole("button", { name: /Place Order/ });
    const total = await placeOrder.textContent();
    await page.getByLabel("City", { exact: true }).fill("Beverly Hills");
    const addressField = page.getByLabel("Address", { exact: true });
    await addressField.fill("1 Rodeo\u0000 Drive");
    await placeOrder.click();

    await expect(addressField).toHaveAttribute("aria-invalid", "true");
    const describedBy = await addressField.getAttribute("aria-describedby");
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText("This contains a character that can't be used here. Please retype it.");
    await expect(page.getByLabel("City", { exact: true })).toHaveValue("Beverly Hills");
    await expect(placeOrder).toHaveText(total ?? "missing");
  });

  test("with JavaScript, a field's message shows when it is left, before anything is sent", { tag: "@js-only" }, async ({ page }) => {
    await addToCart(page, "acc-2");
    await visit(page, "/checkout");
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    // The rules load on the first focus in the form (useZodForm). On a slow network the shopper may leave the
    // field before they arrive: it is checked as soon as they do.
    await page.route("**/assets/*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Email").blur();
    await expect(page.getByText("Valid email is required")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Email").fill("ada@example.com");
    await expect(page.getByText("Valid email is required")).toHaveCount(0);
    expect(posts).toEqual([]);
  });

  test("places a guest order, empties the cart and confirms it", async ({ page }) => {
    await addToCart(page, "wig-3");
    await visit(page, "/checkout");
    await fillAddress(page);
    await page.getByRole("button", { name: "Place Order - $699.00" }).click();

    await expect(page).toHaveURL(/\/order-success$/);
    await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
    await expect(page.getByTestId("order-number")).toHaveText(/^Order #[0-9a-f]{8}$/);
    await expect(page.getByTestId("toast")).toContainText("Order placed successfully!");
    await expect(page.getByTestId("toast")).toContainText("You will receive a confirmation email shortly.");
    await expect(page.getByRole("main").getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("main").getByRole("link", { name: "View Orders" })).toHaveAttribute("href", "/orders");
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);

    // The confirmation e-mail (issue 17), to the checkout address, with the line and the right total.
    const number = (await page.getByTestId("order-number").textContent())?.replace("Order #", "") ?? "missing";
    const mail = await waitForMail("ada@example.com", new RegExp(`order #${number}$`));
    expect(mail.parsed.text).toContain("1 x $699.00 = $699.00");
    expect(mail.parsed.text).toContain("Total: $699.00");
    expect(mail.parsed.text).toContain("1 Rodeo Drive");
    expect(mail.parsed.html).toContain("$699.00");
  });

  test("a double click, and a resubmission of the same form, place one order", async ({ page }) => {
    await addToCart(page, "tape-1");
    await visit(page, "/checkout");
    await fillAddress(page);
    const key = await page.locator('input[name="idempotencyKey"]').inputValue();
    await page.getByRole("button", { name: /Place Order/ }).dblclick();
    await expect(page).toHaveURL(/\/order-success$/);
    const number = await page.getByTestId("order-number").textContent();

    // The same form posted again (a retried request, back and resubmit): the first order answers.
    const resubmit = await page.request.post("/checkout", {
      form: { ...Object.fromEntries(address.map(([label, value]) => [fieldNames[label], value])), country: "United States", idempotencyKey: key },
    });
    expect(resubmit.url()).toMatch(/\/order-success$/);
    expect(await resubmit.text()).toContain((number ?? "missing").slice(-8));
  });

  test("a form that already placed an order, posted with a new cart, keeps the cart and comes back with a new key", async ({ page, allowHttpError }) => {
    allowHttpError(409, "/checkout");
    await addToCart(page, "clip-3");
    await visit(page, "/checkout");
    await fillAddress(page);
    const usedKey = await page.locator('input[name="idempotencyKey"]').inputValue();
    await page.getByRole("button", { name: /Place Order/ }).click();
    await expect(page).toHaveURL(/\/order-success$/);

    // A new cart, and the old form's key posted with it (an old form sent again).
    await addToCart(page, "acc-1");
    await visit(page, "/checkout");
    await fillAddress(page);
    const key = page.locator('input[name="idempotencyKey"]');
    await key.evaluate((input: HTMLInputElement, value) => (input.value = value), usedKey);
    await page.getByRole("button", { name: /Place Order/ }).click();
    await expect(page.getByText("This form already placed an earlier order")).toBeVisible();
    await expect(page.getByLabel("Address", { exact: true })).toHaveValue("1 Rodeo Drive");
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await expect(key).not.toHaveValue(usedKey);

    await page.getByRole("button", { name: /Place Order/ }).click();
    await expect(page).toHaveURL(/\/order-success$/);
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  });

  test("order-success without an order goes home", async ({ page }) => {
    await visit(page, "/order-success");
    await expect(page).toHaveURL(/\/$/);
  });
});
