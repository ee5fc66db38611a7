import crypto from "node:crypto";

import { signCookieValue, unsignCookieValue } from "~/backend/cookie-signing.server";
import { isBackendError } from "~/backend/errors";
import type { StaffCataloguePort } from "~/backend/ports/catalogue";
import type { Product } from "~/modules/catalog/product";
import { getEnv } from "~/site/env.server";
import { startExport } from "./fair-share.server";
import type { ImportPlan, PlannedProduct } from "./product-import";

// The product CSV import's server side (decision 0040): the upload's limits, the catalogue it is compared with, the
// signed copy of the file the preview hands to its confirm button, and applying the plan through the editor's and the
// stock form's own database functions (each checks is_staff() and the version or count the plan was made from).

/** The most a CSV file may be. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
export const IMPORT_FILE_FIELD = "file";
export const STOCK_IMPORT_NOTE = "CSV import";

export type UploadRefusal = "no_file" | "too_large" | "not_text";

export const UPLOAD_REFUSALS: Record<UploadRefusal, string> = {
  no_file: "Choose a CSV file to import (export the products to start from one).",
  too_large: `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB: import the products in several files.`,
  not_text: "The file is not UTF-8 text: save it from the spreadsheet as CSV UTF-8 and try again.",
};

/** The uploaded file's text, or why it cannot be read. */
export async function readImportFile(formData: FormData): Promise<{ text: string } | { refusal: UploadRefusal }> {
  const file = formData.get(IMPORT_FILE_FIELD);
  if (!(file instanceof Blob) || file.size === 0) return { refusal: "no_file" };
  if (file.size > MAX_IMPORT_BYTES) return { refusal: "too_large" };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer()) };
  } catch {
    return { refusal: "not_text" };
  }
}

/**
 * Every product of any status, read as the export reads it: paced, one at a time per staff member and within their
 * share (decision 0035), since a file is compared with the whole catalogue (a SKU may belong to another product).
 */
export async function readCatalogue(userId: string, catalogue: StaffCataloguePort): Promise<Product[]> {
  const { rows, finish } = await startExport(userId, () => catalogue.exportProducts(), "/admin/products/import");
  try {
    const products: Product[] = [];
    for await (const product of rows) products.push(product);
    return products;
  } finally {
    await finish();
  }
}

/** What the plan would write, and from which versions and counts: equal fingerprints, equal writes. */
export function planFingerprint(plan: ImportPlan): string {
  const writes = plan.products
    .filter((product) => product.kind !== "same")
    .map((product) => ({ id: product.id, save: product.save, stock: product.stock }));
  return crypto.createHash("sha256").update(JSON.stringify(writes)).digest("base64url");
}

/** The file and its plan's fingerprint, signed for this staff member: what the confirm button posts back. */
export function signPreview(userId: string, file: string, fingerprint: string): string {
  return signCookieValue(digest(userId, file, fingerprint), getEnv().sessionSecrets)
    .split(".")
    .pop()!;
}

export function isSignedPreview(userId: string, file: string, fingerprint: string, signature: string): boolean {
  return unsignCookieValue(`${digest(userId, file, fingerprint)}.${signature}`, getEnv().sessionSecrets) !== null;
}

const digest = (userId: string, file: string, fingerprint: string) =>
  crypto.createHash("sha256").update(`${userId}\n${fingerprint}\n${file}`).digest("base64url");

export interface ApplyResult {
  created: number;
  changed: number;
  /** The product the database refused (a change made meanwhile), and why; the ones before it were applied. */
  refused: { product: PlannedProduct; message: string } | null;
}

/** Applies the plan, product by product: its save (at the planned version), then its counts (at the planned counts). */
export async function applyPlan(plan: ImportPlan, catalogue: StaffCataloguePort): Promise<ApplyResult> {
  const result: ApplyResult = { created: 0, changed: 0, refused: null };
  for (const product of plan.products) {
    if (product.kind === "same") continue;
    try {
      if (product.save) await catalogue.saveProduct(product.save.input, product.save.expectedVersion);
      for (const change of product.stock)
        await catalogue.changeStock({
          variantId: change.variantId,
          mode: "set",
          amount: change.to,
          note: STOCK_IMPORT_NOTE,
          expectedCount: change.from,
        });
    } catch (error) {
      if (!isBackendError(error) || !["product_changed", "id_taken", "invalid_input"].includes(error.code)) throw error;
      result.refused = { product, message: error.message };
      return result;
    }
    if (product.kind === "create") result.created += 1;
    else result.changed += 1;
  }
  return result;
}
