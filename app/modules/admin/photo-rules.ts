import { z } from "zod";

import { refusingControlCharacters } from "~/forms/form-text";

// The rules of a product's photos in the back office (issue 38, decision 0038), for the page and its action: what an
// upload may be, what each refusal says, and the forms' intents and fields.

/** The storefront's widths (scripts/generate-images.mjs makes the shipped photos at the same). */
export const PHOTO_WIDTHS = [320, 640, 960] as const;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_PHOTO_PIXELS = 40_000_000;
export const MAX_ALT_LENGTH = 200;
/** What the file input offers; the server judges the content, whatever the browser says it is. */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

export const UPLOAD_INTENT = "upload";
export const MOVE_INTENT = "move";
export const REMOVE_INTENT = "remove";
/** The form fields: the alt text comes before the file, so it is read (and kept) even when the file is refused. */
export const ALT_FIELD = "alt";
export const PHOTO_FIELD = "photo";

export type PhotoRefusalReason = "not_an_image" | "too_large" | "too_many_pixels" | "no_file";

export const PHOTO_REFUSALS: Record<PhotoRefusalReason, string> = {
  not_an_image: "This file is not an image the shop can use: choose a JPEG, PNG, WebP or AVIF photo.",
  too_large: "This photo is larger than 10 MB: choose a smaller file (or export it at a lower quality).",
  too_many_pixels: "This photo has more than 40 megapixels: scale it down (e.g. to 4,000 pixels wide) and try again.",
  no_file: "Choose a photo to upload.",
};

/** An upload the shop does not take, and why (the page says PHOTO_REFUSALS[reason] by the file field). */
export class PhotoRefusal extends Error {
  constructor(readonly reason: PhotoRefusalReason) {
    super(PHOTO_REFUSALS[reason]);
    this.name = "PhotoRefusal";
  }
}

const ALT_REQUIRED = "Describe the photo for shoppers who cannot see it.";

/** The upload form's text fields (the file is checked by its content, on the server). */
export const PhotoAltSchema = refusingControlCharacters(
  z.object({
    intent: z.literal(UPLOAD_INTENT),
    version: z.coerce.number().int(),
    [ALT_FIELD]: z
      .string({ required_error: ALT_REQUIRED })
      .trim()
      .min(1, ALT_REQUIRED)
      .max(MAX_ALT_LENGTH, `The description can have at most ${MAX_ALT_LENGTH} characters.`),
    // Judged on the server by its content (photo-renditions.server.ts), never by what the browser says it is.
    [PHOTO_FIELD]: z.unknown().optional(),
  }),
);

/** A move or a removal: which photo, and the product's version the page showed. */
export const PhotoChangeSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal(MOVE_INTENT),
    version: z.coerce.number().int(),
    imageId: z.string().min(1).max(100),
    offset: z.enum(["-1", "1"]).transform((value) => (value === "1" ? 1 : -1) as -1 | 1),
  }),
  z.object({
    intent: z.literal(REMOVE_INTENT),
    version: z.coerce.number().int(),
    imageId: z.string().min(1).max(100),
  }),
]);
