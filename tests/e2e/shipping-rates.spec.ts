import { expect, test, visit } from "./fixtures";
import { signInAsStaff } from "./pages/admin";
import { act } from "./pages/navigation";
import { saveRates, withRatesHeld } from "./pages/shipping-rates";
import { stripeShopPort, stripeShopURL } from "./servers";

// Shipping rates edited in the back office (decision 0039): staff change Express's price; the shipping page, the FAQ
// and the checkout's choice and summary show it. A price staff mistype is refused beside its field, with what they
// typed kept. Once, without JavaScript (@once): the admin forms' enhanced posts are admin.spec.ts's, the checkout's
// in-place shipping choice checkout.spec.ts's, and the page's layout, accessibility and enhanced save phone/shipping-rates.spec.ts's.

test.describe("shipping rates in the back office", () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ baseURL: stripeShopURL });

  test("staff change Express's price; the shipping page and checkout show it @once", async ({
    page,
    hasJs,
    allowHttpError,
  }) => {
    // The mistyped price's answer: the form again, with its messages.
    allowHttpError(400, "/admin/shipping");
    // A price of each project's own, so that a page showing another project's is not taken for this one's.
    const express = hasJs ? "24.99" : "25.49";
    await signInAsStaff(page, 5, stripeShopPort);
    await withRatesHeld(async () => {
      try {
        await visit(page, "/admin/shipping");
        const main = page.getByRole("main");
        await expect(page.getByRole("heading", { level: 1, name: "Shipping rates" })).toBeVisible();
        await expect(main.getByLabel("Express ($)")).toHaveValue("19.99");
        await expect(main.getByLabel("Free Standard shipping from ($ of items)")).toHaveValue("200.00");

        // A mistyped price: refused beside its field, nothing saved, what was typed kept.
        await main.getByLabel("Express ($)").fill("24.999");
        await main.getByLabel("Overnight ($)").fill("41.00");
        await act(page, hasJs, () => main.getByRole("button", { name: "Save rates" }).click());
        await expect(main.getByLabel("Express ($)")).toHaveAccessibleDescription(
          /Enter the Express price in dollars and cents/,
        );
        await expect(main.getByLabel("Express ($)")).toHaveValue("24.999");
        await expect(main.getByLabel("Overnight ($)")).toHaveValue("41.00");

        await saveRates(page, hasJs, { "Express ($)": express, "Overnight ($)": "39.99" });
        await expect(page.getByTestId("toast")).toContainText(`Express $${express}`);

        await visit(page, "/shipping");
        const options = page.getByRole("table", { name: "Shipping options and rates, chosen at checkout" });
        await expect(options.getByRole("row", { name: /^Express/ })).toContainText(`$${express}`);
        await visit(page, "/faq");
        await expect(page.getByRole("main")).toContainText(`Express $${express} (2-3 business days)`);

        const added = await page.request.post("/cart", {
          form: { intent: "add", productId: "acc-2", quantity: "1" },
          maxRedirects: 0,
        });
        expect(added.status(), "Add to Cart").toBe(303);
        await visit(page, "/checkout");
        const methods = page.getByRole("group", { name: "Shipping Method" });
        await expect(methods).toContainText(`Express2-3 business days$${express}`);
        await page.getByRole("radio", { name: /Express/ }).check();
        if (!hasJs) await page.getByRole("button", { name: "Update shipping" }).click();
        const summary = page.getByRole("region", { name: "Order Summary" });
        await expect(summary).toContainText(`Shipping (Express)$${express}`);
        await expect(page.getByTestId("checkout-total")).toHaveText(`$${(24 + Number(express)).toFixed(2)}`);
      } finally {
        // The shop's rates as the other specs expect them.
        await saveRates(page, hasJs, { "Express ($)": "19.99", "Overnight ($)": "39.99" });
      }
    });
  });
});
