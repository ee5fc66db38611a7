import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v3";
import { data, type AppLoadContext } from "@remix-run/node";

import { isBackendError } from "~/backend/errors";
import type { RequestBackend } from "~/backend/ports/backend";
import { refreshCatalogue } from "~/modules/catalog/catalog.server";
import { redirectWithToast } from "~/toast/toast.server";
import { makeRenditions } from "./photo-renditions.server";
import {
  MOVE_INTENT,
  PHOTO_FIELD,
  PHOTO_REFUSALS,
  PhotoAltSchema,
  PhotoChangeSchema,
  PhotoRefusal,
} from "./photo-rules";
import { readPhotoUpload } from "./photo-upload.server";
import { requireProduct, requireStaff } from "./staff.server";

// The actions of a product's photo page (/admin/products/:id/photos, decision 0038): upload (multipart, read as it
// arrives), move and remove (plain forms). Each names the product's version the page showed: a change made since is
// told (409), and the page is drawn again as the product now is.

/** What a refused post gets back: the upload form's answer (conform's), or a sentence for the page. */
export type PhotoPageAnswer = { form: "upload"; result: SubmissionResult<string[]> } | { form: "other"; error: string };

const CHANGED =
  "Someone else changed this product's photos meanwhile, so nothing was done. Here they are as they are now.";
const UNRECOGNISED = "This request was not recognised, so nothing was changed.";
const UNAVAILABLE = "The shop's database is not reachable right now, so nothing was changed. Please try again.";

const other = (status: number, error: string) => data<PhotoPageAnswer>({ form: "other", error }, { status });
const isMultipart = (request: Request) =>
  (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");

export async function photoAction(request: Request, context: AppLoadContext, productId: string) {
  // The guard first, for every post: anyone but staff gets the ordinary 404 (decision 0029).
  const { backend } = await requireStaff(request, context);
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  if (isMultipart(request)) return upload(request, context, backend, productId, path);
  const submission = PhotoChangeSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!submission.success) return other(400, UNRECOGNISED);
  const change = submission.data;
  const target = { productId, expectedVersion: change.version, imageId: change.imageId };
  try {
    if (change.intent === MOVE_INTENT) await backend.staffCatalogueImages.move({ ...target, offset: change.offset });
    else await backend.staffCatalogueImages.remove(target);
  } catch (error) {
    if (!isBackendError(error)) throw error;
    if (error.code === "product_changed" || error.code === "product_not_found") {
      // A photo that is gone was removed meanwhile; the product itself gone is the ordinary 404.
      await requireProduct(backend.staffCatalogue, request, productId);
      return other(409, CHANGED);
    }
    if (error.code === "unavailable") return other(503, UNAVAILABLE);
    if (error.code === "invalid_input") return other(400, error.message);
    throw error;
  }
  // This instance shows the change on its next page; the others within a few seconds (decision 0036).
  await refreshCatalogue();
  const done =
    change.intent === MOVE_INTENT ? `The photo moved ${change.offset < 0 ? "up" : "down"}.` : "The photo was removed.";
  return redirectWithToast(context, path, { title: "Photos", description: done });
}

/** The refusal said by the file field, or the alt text's own, keeping what was typed. */
async function upload(
  request: Request,
  context: AppLoadContext,
  backend: RequestBackend,
  productId: string,
  path: string,
) {
  const post = await readPhotoUpload(request);
  try {
    if (post.fields.get("intent") !== "upload" || post.refusal === "unreadable") return other(400, UNRECOGNISED);
    const submission = parseWithZod(post.fields, { schema: PhotoAltSchema });
    const answer = (status: number, result: SubmissionResult<string[]>) =>
      data<PhotoPageAnswer>({ form: "upload", result }, { status });
    const photoError = (message: string) => ({ fieldErrors: { [PHOTO_FIELD]: [message] } });
    if (submission.status !== "success")
      return answer(400, submission.reply(post.refusal ? photoError(PHOTO_REFUSALS[post.refusal]) : {}));
    if (post.refusal)
      return answer(
        post.refusal === "too_large" ? 413 : 400,
        submission.reply(photoError(PHOTO_REFUSALS[post.refusal])),
      );
    const { version, alt } = submission.value;
    const product = await requireProduct(backend.staffCatalogue, request, productId);
    // Before the work: a page from an older copy of the product is told at once.
    if (product.version !== version) return answer(409, submission.reply({ formErrors: [CHANGED] }));
    try {
      const photo = await makeRenditions(post.file!, { productId, alt });
      await backend.staffCatalogueImages.add({ productId, expectedVersion: version, photo });
    } catch (error) {
      if (error instanceof PhotoRefusal) return answer(400, submission.reply(photoError(error.message)));
      if (!isBackendError(error)) throw error;
      switch (error.code) {
        case "product_changed":
          return answer(409, submission.reply({ formErrors: [CHANGED] }));
        case "id_taken":
        case "invalid_input":
          return answer(error.code === "id_taken" ? 409 : 400, submission.reply(photoError(error.message)));
        case "too_many_attempts":
          return answer(429, submission.reply({ formErrors: [error.message] }));
        case "unavailable":
          return answer(503, submission.reply({ formErrors: [UNAVAILABLE] }));
        default:
          throw error;
      }
    }
    await refreshCatalogue();
    return redirectWithToast(context, path, {
      title: "Photo added",
      description: `“${alt}” is now the product's last photo.`,
    });
  } finally {
    await post.discard();
  }
}
