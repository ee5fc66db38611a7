import crypto from "node:crypto";
import type sharpModule from "sharp";

import type { Rendition, UploadedPhoto } from "~/backend/ports/catalogue-images";
import { createHashGate } from "~/backend/sql/hash-gate.server";
import { MAX_PHOTO_PIXELS, PHOTO_WIDTHS, PhotoRefusal } from "./photo-rules";

// The renditions of a photo uploaded in the back office (issue 38, decision 0038): AVIF and WebP at the storefront's
// widths, as scripts/generate-images.mjs makes the shipped ones (same widths, same qualities), turned upright by its
// EXIF orientation, with no metadata kept (sharp writes none unless told: GPS, camera, ICC name all go).
//
// Memory (docs/performance.md, "Memory"): one photo at a time (the gate below), libvips on one thread for it and its
// operation cache off; the input is decoded once, straight to the largest width (shrink-on-load where the format has
// it), and the smaller renditions come from that copy of at most 960 x 20,000 pixels. A decoded image costs width x
// height x 4 bytes, so limitInputPixels refuses anything over 40 megapixels before decoding it.

// Loaded with the first upload, not at start-up: libvips alone is ~20 MB resident (decision 0037's budget at rest).
let loading: Promise<typeof sharpModule> | undefined;
function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}

const AVIF_QUALITY = 50;
const WEBP_QUALITY = 70;

/** One upload processed at a time; the next few wait their turn, more are told to try again in a moment. */
const renditionGate = createHashGate({
  concurrency: 1,
  maxQueued: 4,
  busyMessage: "Other photos are being processed right now. Please send this one again in a few seconds.",
});

/** What sharp says the file is: one of the four formats the shop takes, or a refusal. Reads only its header. */
async function readHeader(sharp: typeof sharpModule, file: string) {
  let metadata: sharpModule.Metadata;
  try {
    metadata = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRefusal("not_an_image");
  }
  const { format, width, height, compression } = metadata;
  // AVIF is a HEIF file with AV1 inside; sharp names both "heif".
  const accepted =
    format === "jpeg" || format === "png" || format === "webp" || (format === "heif" && compression === "av1");
  if (!accepted || !width || !height) throw new PhotoRefusal("not_an_image");
  if (width * height > MAX_PHOTO_PIXELS) throw new PhotoRefusal("too_many_pixels");
  // EXIF orientations 5-8 turn the photo a quarter: its upright width is its stored height.
  const quarterTurn = (metadata.orientation ?? 1) >= 5;
  return { width: quarterTurn ? height : width };
}

/** The widths to make: the storefront's, none wider than the photo (never enlarged); a narrow photo its own. */
export function renditionWidths(uprightWidth: number): number[] {
  const widths = PHOTO_WIDTHS.filter((width) => width <= uprightWidth);
  return widths.length > 0 ? widths : [uprightWidth];
}

async function render(file: string): Promise<{ widths: number[]; height: number; renditions: Rendition[] }> {
  const sharp = await loadSharp();
  const { width: uprightWidth } = await readHeader(sharp, file);
  const widths = renditionWidths(uprightWidth);
  const largest = widths[widths.length - 1]!;
  let master: { data: Buffer; info: sharpModule.OutputInfo };
  try {
    master = await sharp(file, { limitInputPixels: MAX_PHOTO_PIXELS, sequentialRead: true, failOn: "error" })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new PhotoRefusal("too_many_pixels");
    throw new PhotoRefusal("not_an_image");
  }
  const raw = { raw: { width: master.info.width, height: master.info.height, channels: master.info.channels } };
  const renditions: Rendition[] = [];
  for (const width of widths) {
    const resized = () => sharp(master.data, raw).resize({ width });
    renditions.push(
      { width, format: "avif", bytes: await resized().avif({ quality: AVIF_QUALITY, effort: 2 }).toBuffer() },
      { width, format: "webp", bytes: await resized().webp({ quality: WEBP_QUALITY, effort: 6 }).toBuffer() },
    );
  }
  return { widths, height: master.info.height, renditions };
}

/**
 * The photo in `file` as the shop stores it, for `productId`, or a PhotoRefusal ("not_an_image", "too_many_pixels")
 * when it is not a JPEG, PNG, WebP or AVIF within 40 megapixels (judged by its content, never by its name or type).
 * Waits for the one slot; BackendError "too_many_attempts" when too many are waiting already.
 */
export function makeRenditions(file: string, { productId, alt }: { productId: string; alt: string }) {
  return renditionGate.run(async (): Promise<UploadedPhoto> => {
    const { widths, height, renditions } = await render(file);
    const hash = crypto.createHash("sha256");
    for (const rendition of renditions) hash.update(rendition.bytes);
    return {
      id: `${productId}-${hash.digest("hex").slice(0, 12)}`,
      alt,
      width: widths[widths.length - 1]!,
      height,
      widths,
      renditions,
    };
  });
}
