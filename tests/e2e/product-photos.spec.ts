import { cameraJpeg } from "../support/photos";
import { expect, test, visit } from "./fixtures";
import { signInAsStaff } from "./pages/admin";
import { act } from "./pages/navigation";
import { stripeShopPort, stripeShopURL } from "./servers";

// A product's photos in the back office (decision 0038), with JavaScript on and off: staff upload a photo (a file
// that is not an image first: refused, the typed description kept), it appears on the product page, served by the
// shop from /catalogue-images, and staff remove it again.

/** A product per project, so the two projects' uploads never meet (each page carries its product's version). */
const productOf = (project: string) => (project === "no-js" ? "tape-3" : "tape-2");

test.describe("product photos", () => {
  test.describe.configure({ timeout: 180_000 });
  // On the card-payment shop, whose specs never look at a product's photos: an upload here would change the first
  // shop's pages under its screen and listing specs.
  test.use({ baseURL: stripeShopURL });

  test("staff upload a photo with its description; it shows on the product page, served by the shop", async ({
    page,
    hasJs,
    allowHttpError,
  }) => {
    const productId = productOf(test.info().project.name);
    const alt = `Loose waves in daylight (${hasJs ? "js" : "no-js"})`;
    await signInAsStaff(page, 7, stripeShopPort);
    await visit(page, `/admin/products/${productId}/photos`);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toContainText("Photos:");
    await expect(main.getByRole("link", { name: "Back to the product" })).toHaveAttribute(
      "href",
      `/admin/products/${productId}`,
    );

    // The refused file is answered 400, with the form again.
    allowHttpError(400, `/admin/products/${productId}/photos`);
    allowHttpError(413, `/admin/products/${productId}/photos`);
    const description = main.getByLabel("Description (alt text)");
    await description.fill(alt);
    const photoInput = main.getByLabel("Photo", { exact: true });
    await photoInput.setInputFiles({
      name: "waves.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("not a photo at all, whatever its name says"),
    });
    await act(page, hasJs, () => main.getByRole("button", { name: "Upload photo" }).click());
    await expect(main).toContainText("This file is not an image the shop can use");
    await expect(description).toHaveValue(alt);

    // 50 MB through the real server: read no further than 10 MB, answered with the form and the text kept.
    const version = (await main.locator('input[name="version"]').first().inputValue()) ?? "";
    const tooLarge = await page.request.post(`/admin/products/${productId}/photos`, {
      multipart: {
        intent: "upload",
        version,
        alt: "Fifty megabytes",
        photo: { name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(50 * 1024 * 1024) },
      },
      maxRedirects: 0,
    });
    expect(tooLarge.status()).toBe(413);
    const refusal = await tooLarge.text();
    expect(refusal).toContain("This photo is larger than 10 MB");
    expect(refusal).toContain('value="Fifty megabytes"');

    await photoInput.setInputFiles({
      name: "waves.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from(await cameraJpeg()),
    });
    await act(page, hasJs, () => main.getByRole("button", { name: "Upload photo" }).click());
    await expect(page.getByTestId("toast")).toContainText("is now the product's last photo");
    await expect(main.getByRole("listitem").filter({ hasText: alt })).toContainText("Uploaded");

    // Every instance reads the change within seconds (the catalogue's version check).
    const shown = page.getByRole("main").getByRole("img", { name: alt });
    await expect(async () => {
      await visit(page, `/product/${productId}?image=1`);
      await expect(shown).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    const src = (await shown.getAttribute("src")) ?? "";
    expect(src).toMatch(new RegExp(`^/catalogue-images/${productId}-[0-9a-f]{12}-640\\.webp$`));
    // Loaded: whichever rendition the browser chose from the srcset.
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const file = await page.request.get(src);
    expect(file.status()).toBe(200);
    expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(file.headers()["content-type"]).toBe("image/webp");

    // And removed again, leaving the product as the other specs know it.
    await visit(page, `/admin/products/${productId}/photos`);
    await act(page, hasJs, () => main.getByRole("button", { name: `Remove: ${alt}` }).click());
    await expect(page.getByTestId("toast")).toContainText("The photo was removed.");
    await expect(main).not.toContainText(alt);
  });
});
