import { expect, test, visit } from "./fixtures";
import { signInAsStaff } from "./pages/admin";
import { expectToast } from "./pages/cart-ui";
import { act } from "./pages/navigation";
import { stripeShopPort, stripeShopURL } from "./servers";

// The products CSV (decision 0040), with JavaScript on and off: the owner uploads a file, sees what it would create
// and a bad row by its line, corrects it, confirms, and the export then holds the new product.

test.describe("the products CSV", () => {
  test.describe.configure({ timeout: 180_000 });
  // On the card-payment shop, as the other catalogue specs: a draft added here never shows in any listing anyway.
  test.use({ baseURL: stripeShopURL });

  test("an import shows its changes and a bad row's line, and applies only once confirmed", async ({
    page,
    hasJs,
    allowHttpError,
  }) => {
    // The bad row's preview answers 400, as a refused form does.
    allowHttpError(400, "/admin/products/import");
    const handle = `csv-wig-${test.info().project.name}-${Date.now().toString(36)}`;
    // Slot 6: no other spec signs in as it on the card-payment shop.
    await signInAsStaff(page, 6, stripeShopPort);
    const exported = await page.request.get("/admin/products/export.csv");
    expect(exported.status()).toBe(200);
    const header = (await exported.text()).replace(/^\uFEFF/, "").split("\r\n")[0]!;
    const columns = header.split(",");
    const row = (price: string) =>
      columns
        .map(
          (column) =>
            ({
              Handle: handle,
              Title: "Csv Wave Wig",
              Description: "Soft waves and imported.",
              Category: "wigs",
              Status: "draft",
              New: "FALSE",
              Sale: "FALSE",
              Colour: "Natural Black",
              "Option1 Name": "Length",
              "Option1 Value": "18 inch",
              "Variant SKU": `${handle}-18`.toUpperCase(),
              "Variant Price": price,
              "Track Stock": "TRUE",
              "Stock On Hand": "3",
            })[column] ?? "",
        )
        .join(",");
    const upload = async (price: string) => {
      await page.getByLabel("CSV file", { exact: true }).setInputFiles({
        name: "products.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(`${header}\r\n${row(price)}\r\n`),
      });
      await act(page, hasJs, () => page.getByRole("button", { name: "Preview import" }).click());
    };

    await visit(page, "/admin/products");
    await act(page, hasJs, () => page.getByRole("link", { name: "Import CSV" }).click());
    await expect(page.getByRole("heading", { level: 1, name: "Import products" })).toBeVisible();
    await upload("cheap");
    await expect(page.locator("#import-refusals")).toContainText("Line 2: Variant Price: Enter the price in dollars");
    await expect(page.getByRole("button", { name: "Apply these changes" })).toHaveCount(0);

    await upload("150.00");
    await expect(page.getByText("1 to create, 0 to change")).toBeVisible();
    await expect(page.getByText(`Csv Wave Wig (${handle}), 1 variant, line 2`)).toBeVisible();
    await act(page, hasJs, () => page.getByRole("button", { name: "Apply these changes" }).click());
    await expectToast(page, "Import applied", "1 created, 0 changed");
    expect(await (await page.request.get("/admin/products/export.csv")).text()).toContain(`${handle},Csv Wave Wig`);
  });
});
