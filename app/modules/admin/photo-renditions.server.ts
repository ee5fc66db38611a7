import { spawn } from "node:child_process";
import crypto from "node:crypto";
import { createRequire } from "node:module";

import { BackendError } from "~/backend/errors";
import type { Rendition, UploadedPhoto } from "~/backend/ports/catalogue-images";
import { createHashGate } from "~/backend/sql/hash-gate.server";
import { MAX_PHOTO_PIXELS, PHOTO_WIDTHS, PhotoRefusal, type PhotoRefusalReason } from "./photo-rules";

// The renditions of a photo uploaded in the back office (issue 38, decision 0038): AVIF and WebP at the storefront's
// widths, as scripts/generate-images.mjs makes the shipped ones (same widths, same qualities), turned upright by its
// EXIF orientation, with no metadata kept (sharp writes none unless told: GPS, camera, ICC name all go).
//
// Memory (decision 0045, docs/performance.md, "Memory"): each photo is made in a Node process of its own that exits
// when done. What libvips and the AVIF encoder take from malloc stayed in the shop's process for good when they ran
// in it (+74 MB after a few 24-megapixel uploads, measured by `npm run bench:memory`); a process that exits gives
// all of it back. In the child: libvips on one thread, its operation cache off; the input decoded once, straight to
// the largest width (shrink-on-load where the format has it), the smaller renditions made from that copy of at most
// 960 x 20,000 pixels. limitInputPixels refuses anything over 40 megapixels from its header, before decoding it.
// One photo at a time (the gate below), so the shop never holds more than one child.

/**
 * The child's program (CommonJS, run with `node -e`; sharp's resolved path is its argument). It takes one request
 * message and answers { photo } | { refusal } | { error }, with its own peak resident memory, then exits.
 */
const CHILD_SOURCE = `
const sharp = require(process.argv[1]);
sharp.cache(false);
sharp.concurrency(1);

class Refusal { constructor(reason) { this.reason = reason; } }

async function uprightWidth(file, maxPixels) {
  let metadata;
  try {
    metadata = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw new Refusal("not_an_image");
  }
  const { format, width, height, compression } = metadata;
  // AVIF is a HEIF file with AV1 inside; sharp names both "heif".
  const accepted =
    format === "jpeg" || format === "png" || format === "webp" || (format === "heif" && compression === "av1");
  if (!accepted || !width || !height) throw new Refusal("not_an_image");
  if (width * height > maxPixels) throw new Refusal("too_many_pixels");
  // EXIF orientations 5-8 turn the photo a quarter: its upright width is its stored height.
  return (metadata.orientation || 1) >= 5 ? height : width;
}

async function render({ file, maxPixels, storefrontWidths, avifQuality, webpQuality }) {
  const upright = await uprightWidth(file, maxPixels);
  // The storefront's widths, none wider than the photo (never enlarged); a narrower photo keeps its own.
  const fitting = storefrontWidths.filter((width) => width <= upright);
  const widths = fitting.length > 0 ? fitting : [upright];
  const largest = widths[widths.length - 1];
  let master;
  try {
    master = await sharp(file, { limitInputPixels: maxPixels, sequentialRead: true, failOn: "error" })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new Refusal(/pixel limit/i.test(String(error && error.message)) ? "too_many_pixels" : "not_an_image");
  }
  const raw = { raw: { width: master.info.width, height: master.info.height, channels: master.info.channels } };
  const renditions = [];
  for (const width of widths) {
    const resized = () => sharp(master.data, raw).resize({ width });
    renditions.push(
      { width, format: "avif", bytes: await resized().avif({ quality: avifQuality, effort: 2 }).toBuffer() },
      { width, format: "webp", bytes: await resized().webp({ quality: webpQuality, effort: 6 }).toBuffer() },
    );
  }
  return { widths, height: master.info.height, renditions };
}

// The pages it shares with other processes (Linux): node's own code, which the shop's process holds already.
function sharedBytes() {
  try {
    const rollup = require("node:fs").readFileSync("/proc/self/smaps_rollup", "utf8");
    let kilobytes = 0;
    for (const match of rollup.matchAll(/^Shared_(?:Clean|Dirty):\\s+(\\d+) kB/gm)) kilobytes += Number(match[1]);
    return kilobytes * 1024;
  } catch {
    return 0;
  }
}

process.once("message", async (request) => {
  let answer;
  try {
    answer = { photo: await render(request) };
  } catch (error) {
    answer = error instanceof Refusal ? { refusal: error.reason } : { error: String((error && error.message) || error) };
  }
  answer.peakBytes = process.resourceUsage().maxRSS * 1024;
  answer.sharedBytes = sharedBytes();
  process.send(answer, () => process.exit(0));
});
`;

interface ChildRequest {
  file: string;
  maxPixels: number;
  storefrontWidths: readonly number[];
  avifQuality: number;
  webpQuality: number;
}

interface ChildAnswer {
  photo?: { widths: number[]; height: number; renditions: Rendition[] };
  refusal?: PhotoRefusalReason;
  error?: string;
  peakBytes?: number;
  sharedBytes?: number;
}

const AVIF_QUALITY = 50;
const WEBP_QUALITY = 70;
/** A 24-megapixel photo takes 2-4 s on this machine's cores; far past that the child is stuck, not slow. */
const CHILD_TIME_LIMIT_MS = 120_000;
/** The child's JavaScript heap holds one message; the pixels are libvips's, outside it. */
const CHILD_HEAP_MB = 64;

const sharpPath = createRequire(import.meta.url).resolve("sharp");

/** One upload processed at a time; the next few wait their turn, more are told to try again in a moment. */
const renditionGate = createHashGate({
  concurrency: 1,
  maxQueued: 4,
  busyMessage: "Other photos are being processed right now. Please send this one again in a few seconds.",
});

const childFailed = (detail: string) =>
  new BackendError("unavailable", `The photo could not be processed (${detail}).`);

/** Runs the child program on one request; its answer, or a BackendError "unavailable" when it fails or hangs. */
function renderInChild(request: ChildRequest): Promise<ChildAnswer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${CHILD_HEAP_MB}`, "-e", CHILD_SOURCE, sharpPath], {
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      // Buffers cross as bytes, not as JSON arrays of numbers.
      serialization: "advanced",
    });
    let answer: ChildAnswer | undefined;
    const timer = setTimeout(() => child.kill("SIGKILL"), CHILD_TIME_LIMIT_MS);
    child.once("message", (message) => {
      answer = message as ChildAnswer;
    });
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(childFailed(error.message));
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (answer) resolve(answer);
      else reject(childFailed(signal ? `stopped by ${signal}` : `exit code ${code}`));
    });
    child.send(request);
  });
}

/**
 * The photo in `file` as the shop stores it, for `productId`, or a PhotoRefusal ("not_an_image", "too_many_pixels")
 * when it is not a JPEG, PNG, WebP or AVIF within 40 megapixels (judged by its content, never by its name or type).
 * Waits for the one slot; BackendError "too_many_attempts" when too many are waiting already, "unavailable" when the
 * child process fails.
 */
export function makeRenditions(file: string, { productId, alt }: { productId: string; alt: string }) {
  return renditionGate.run(async (): Promise<UploadedPhoto> => {
    const started = performance.now();
    const answer = await renderInChild({
      file,
      maxPixels: MAX_PHOTO_PIXELS,
      storefrontWidths: PHOTO_WIDTHS,
      avifQuality: AVIF_QUALITY,
      webpQuality: WEBP_QUALITY,
    });
    if (answer.refusal) throw new PhotoRefusal(answer.refusal);
    if (!answer.photo) throw childFailed(answer.error ?? "no answer");
    const { widths, height, renditions } = answer.photo;
    const hash = crypto.createHash("sha256");
    for (const rendition of renditions) hash.update(rendition.bytes);
    const id = `${productId}-${hash.digest("hex").slice(0, 12)}`;
    // For the deployer sizing a server (and bench:memory): the child's memory is the shop's too while it runs, less
    // the pages of node's code that both processes map (counted in each one's resident memory, held once).
    const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
    const peak = answer.peakBytes ?? 0;
    console.log(
      `Photo ${id}: ${renditions.length} renditions in ${Math.round(performance.now() - started)} ms; ` +
        `its process peaked at ${megabytes(peak)} MB resident, ${megabytes(peak - (answer.sharedBytes ?? 0))} MB ` +
        `of it its own (the rest shared with the shop's process).`,
    );
    return {
      id,
      alt,
      width: widths[widths.length - 1]!,
      height,
      widths,
      renditions,
    };
  });
}
