import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { cameraJpeg, hugePng } from "#tests/support/photos";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { makeRenditions } from "./photo-renditions.server";
import { PhotoRefusal } from "./photo-rules";

let directory: string;
const fileOf = async (name: string, bytes: Uint8Array) => {
  const file = path.join(directory, name);
  await fs.writeFile(file, bytes);
  return file;
};
const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof PhotoRefusal ? error.reason : error),
  );

beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), "photo-renditions-"));
});

afterAll(async () => {
  await fs.rm(directory, { recursive: true, force: true });
});

describe("photo renditions", () => {
  test("a camera JPEG turned on its side comes out upright, at the storefront's widths up to its own, AVIF and WebP, with no metadata (GPS included)", async () => {
    // 1200 x 800 as stored, EXIF orientation 6 (turn a quarter clockwise): 800 x 1200 upright.
    const jpeg = await cameraJpeg();
    const before = await sharp(jpeg).metadata();
    expect(before.exif?.includes(Buffer.from("Test Camera"))).toBe(true);
    expect(before.orientation).toBe(6);

    const photo = await makeRenditions(await fileOf("camera.jpg", jpeg), { productId: "clip-1", alt: "Side view" });
    expect(photo).toMatchObject({ alt: "Side view", widths: [320, 640], width: 640, height: 960 });
    expect(photo.id).toMatch(/^clip-1-[0-9a-f]{12}$/);
    expect(photo.renditions.map(({ width, format }) => `${width}.${format}`)).toEqual([
      "320.avif",
      "320.webp",
      "640.avif",
      "640.webp",
    ]);
    for (const rendition of photo.renditions) {
      const metadata = await sharp(rendition.bytes).metadata();
      expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
        format: rendition.format === "avif" ? "heif" : "webp",
        width: rendition.width,
        height: rendition.width * 1.5,
      });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(Buffer.from(rendition.bytes).includes(Buffer.from("Test Camera"))).toBe(false);
    }

    // The same photo makes the same files, so the same id: its URLs can be cached for good.
    const again = await makeRenditions(await fileOf("again.jpg", jpeg), { productId: "clip-1", alt: "Other words" });
    expect(again.id).toBe(photo.id);
  });

  test("a photo narrower than the smallest width keeps its own; none is ever enlarged; a wider one gets every width", async () => {
    const png = await sharp({ create: { width: 200, height: 100, channels: 4, background: "#ffffff80" } })
      .png()
      .toBuffer();
    const photo = await makeRenditions(await fileOf("small.png", png), { productId: "acc-1", alt: "Small" });
    expect(photo).toMatchObject({ widths: [200], width: 200, height: 100 });
    const wide = await sharp({ create: { width: 1000, height: 500, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const widePhoto = await makeRenditions(await fileOf("wide.png", wide), { productId: "acc-1", alt: "Wide" });
    expect(widePhoto).toMatchObject({ widths: [320, 640, 960], width: 960, height: 480 });
  });

  test("a file that is not an image, or not one of the four formats, is refused by its content, whatever its name", async () => {
    const text = await fileOf("photo.jpg", Buffer.from("GIF89a? no: just some text pretending to be a photo"));
    expect(await refusalOf(makeRenditions(text, { productId: "clip-1", alt: "x" }))).toBe("not_an_image");
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    const gifFile = await fileOf("photo.png", gif);
    expect(await refusalOf(makeRenditions(gifFile, { productId: "clip-1", alt: "x" }))).toBe("not_an_image");
    // A JPEG cut short after its header: sharp's header reads, the pixels do not.
    const jpeg = await sharp({ create: { width: 640, height: 640, channels: 3, background: "#123456" } })
      .jpeg()
      .toBuffer();
    const cut = await fileOf("cut.jpg", jpeg.subarray(0, 400));
    expect(await refusalOf(makeRenditions(cut, { productId: "clip-1", alt: "x" }))).toBe("not_an_image");
  });

  test("a 20,000 x 20,000 PNG (400 megapixels) is refused from its header, before any pixel is decoded", async () => {
    const png = hugePng(20_000, 20_000);
    expect(png.byteLength).toBeLessThan(10 * 1024 * 1024);
    const file = await fileOf("huge.png", png);
    // Decoded, it would take 1.6 GB: the refusal comes from the header alone.
    expect(await refusalOf(makeRenditions(file, { productId: "clip-1", alt: "x" }))).toBe("too_many_pixels");
  });
});
