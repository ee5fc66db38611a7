import type { CatalogueImageFiles, RenditionFormat } from "~/backend/ports/catalogue-images";

// The renditions of uploaded photos as the shop serves them (decision 0038): /catalogue-images/<id>-<width>.<format>,
// where the id ends in the hash of the files, so an answer never changes and browsers keep it for good. The most
// recently served files stay in memory (at most 8 MB, the least recently served out first): a product page's photos
// are then as cheap as the shipped ones after the first visitor.

export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";
const CONTENT_TYPES: Record<RenditionFormat, string> = { avif: "image/avif", webp: "image/webp" };
const FILE_NAME = /^([a-z0-9][a-z0-9-]{0,99})-([1-9][0-9]{0,4})\.(avif|webp)$/;
const MAX_CACHED_BYTES = 8 * 1024 * 1024;

/** A file's name as its URL gives it, or null for one the shop never serves. */
export function parseRenditionName(name: string): { imageId: string; width: number; format: RenditionFormat } | null {
  const match = FILE_NAME.exec(name);
  if (!match) return null;
  return { imageId: match[1]!, width: Number(match[2]), format: match[3] as RenditionFormat };
}

/** Files kept by name, least recently served first; at most `maxBytes` in all. */
export function createRenditionCache(maxBytes = MAX_CACHED_BYTES) {
  const files = new Map<string, Uint8Array>();
  let bytes = 0;
  return {
    get(name: string): Uint8Array | undefined {
      const file = files.get(name);
      if (file) {
        files.delete(name);
        files.set(name, file);
      }
      return file;
    },
    set(name: string, file: Uint8Array) {
      if (file.byteLength > maxBytes || files.has(name)) return;
      files.set(name, file);
      bytes += file.byteLength;
      for (const [oldest, kept] of files) {
        if (bytes <= maxBytes) break;
        files.delete(oldest);
        bytes -= kept.byteLength;
      }
    },
    get size() {
      return { files: files.size, bytes };
    },
  };
}

const cache = createRenditionCache();

/** The answer for /catalogue-images/<name>: the file with its type and immutable caching, or null (a 404). */
export async function renditionResponse(source: CatalogueImageFiles, name: string): Promise<Response | null> {
  const wanted = parseRenditionName(name);
  if (!wanted) return null;
  let file = cache.get(name);
  if (!file) {
    const read = await source.read(wanted.imageId, wanted.width, wanted.format);
    if (!read) return null;
    file = read;
    cache.set(name, file);
  }
  return new Response(file as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": CONTENT_TYPES[wanted.format],
      "Content-Length": String(file.byteLength),
      "Cache-Control": IMMUTABLE_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
