import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  MaxPartSizeExceededError,
  unstable_createFileUploadHandler,
  unstable_parseMultipartFormData,
  type NodeOnDiskFile,
  type UploadHandler,
} from "@remix-run/node";

import { MAX_PHOTO_BYTES, PHOTO_FIELD, type PhotoRefusalReason } from "./photo-rules";

// Reading the upload form's post as it arrives (decision 0038): its text fields into memory (a few bytes each), the
// photo straight to a temporary file, never more than 10 MB of it: past that the parse stops, the file goes, and the
// page says so with the typed text kept (the alt field comes before the file in the form). The server streams this
// path's body to Remix instead of reading it first (server/request-guards.js, isPhotoUpload).

const UPLOAD_DIRECTORY = path.join(os.tmpdir(), "luxe-strands-photo-uploads");
/** A text field of the form is a few hundred bytes at most. */
const MAX_TEXT_BYTES = 8 * 1024;

export interface PhotoUploadPost {
  /** The text fields, first value of each. */
  fields: FormData;
  /** The photo's temporary file, or null when none came (or it was refused). */
  file: string | null;
  refusal: PhotoRefusalReason | "unreadable" | null;
  /** Removes the temporary file: call it once the photo is processed (or refused). */
  discard(): Promise<void>;
}

async function readText(data: AsyncIterable<Uint8Array>, name: string): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size > MAX_TEXT_BYTES) throw new MaxPartSizeExceededError(name, MAX_TEXT_BYTES);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The upload form's post (multipart/form-data), read with the limits above. */
export async function readPhotoUpload(request: Request): Promise<PhotoUploadPost> {
  const fields = new FormData();
  let file: NodeOnDiskFile | null = null;
  let refusal: PhotoUploadPost["refusal"] = null;
  const toFile = unstable_createFileUploadHandler({
    directory: UPLOAD_DIRECTORY,
    maxPartSize: MAX_PHOTO_BYTES,
    file: () => `upload-${crypto.randomUUID()}`,
    avoidFileConflicts: false,
  });
  const handler: UploadHandler = async (part) => {
    if (part.filename === undefined) {
      const text = await readText(part.data, part.name);
      if (!fields.has(part.name)) fields.set(part.name, text);
      return text;
    }
    // One photo; any other file field (or a second photo) is not read.
    if (part.name !== PHOTO_FIELD || file) return undefined;
    file = ((await toFile(part)) as NodeOnDiskFile | undefined) ?? null;
    return file ? "(stored)" : undefined;
  };
  try {
    await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) refusal = error.field === PHOTO_FIELD ? "too_large" : "unreadable";
    else if (error instanceof TypeError) refusal = "unreadable";
    else throw error;
  }
  const kept = refusal ? null : (file as NodeOnDiskFile | null);
  if (refusal && file) await (file as NodeOnDiskFile).remove().catch(() => {});
  if (!refusal && !kept) refusal = "no_file";
  return {
    fields,
    file: kept?.getFilePath() ?? null,
    refusal,
    discard: async () => {
      if (kept) await fs.rm(kept.getFilePath(), { force: true });
    },
  };
}
