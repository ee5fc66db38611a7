import { expect, test, visit } from "./fixtures";
import { signInAsStaff } from "./pages/admin";
import { act } from "./pages/navigation";
import { testOwnerRunsTheCatalogue } from "./pages/owner-catalogue";
import { stripeShopPort, stripeShopURL } from "./servers";

// The owner runs the catalogue (issue 38) on a desktop, with JavaScript on and off (the flow: pages/owner-catalogue.ts;
// the same on a phone: phone/admin-products.spec.ts).

test.describe("the catalogue in the back office", () => {
  test.describe.configure({ timeout: 240_000 });
  test.use({ baseURL: stripeShopURL });

  testOwnerRunsTheCatalogue();

  test("a second save from an older copy is refused, and what was typed stays", async ({
    page,
    hasJs,
    allowHttpError,
  }) => {
    allowHttpError(409);
    await signInAsStaff(page, 9, stripeShopPort);
    await visit(page, "/admin/products/acc-1");
    const description = page.getByLabel("Description");
    const kept = await description.inputValue();
    // Someone else saves the product meanwhile (the same form, posted as it stands).
    const other = await page.request.post("/admin/products/acc-1", {
      form: await page
        .locator("form#product")
        .evaluate((form: HTMLFormElement) =>
          Object.fromEntries(new FormData(form) as unknown as Iterable<[string, string]>),
        ),
      maxRedirects: 0,
    });
    expect(other.status()).toBe(303);
    await description.fill(`${kept} Now with a travel pouch.`);
    await act(page, hasJs, () => page.getByRole("button", { name: "Save product" }).click());
    await expect(page.locator("form#product").getByRole("alert")).toContainText(
      "Someone else saved this product meanwhile",
    );
    await expect(page.getByLabel("Description")).toHaveValue(`${kept} Now with a travel pouch.`);
  });
});
