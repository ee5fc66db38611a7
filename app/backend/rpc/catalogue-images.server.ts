// The photo ports over the database functions both adapters call alike (staff_add_product_image,
// staff_move_product_image, staff_remove_product_image, catalogue_image_file), as rpc/catalogue.server.ts does for
// the catalogue. Bytes travel as base64 text: the same through SQL and PostgREST's JSON.
import type { CatalogueImageFiles, RenditionFormat, StaffCatalogueImagesPort } from "~/backend/ports/catalogue-images";
import type { RpcCall } from "./rpc-call";

const FORMATS: readonly RenditionFormat[] = ["avif", "webp"];

/** The files as whoever `rpc` calls as (the shop: anon; the database lets anyone read them by their id). */
export function createCatalogueImageFiles(rpc: RpcCall): CatalogueImageFiles {
  return {
    async read(imageId, width, format) {
      if (!FORMATS.includes(format) || !Number.isSafeInteger(width) || width < 1 || width > 20_000) return null;
      const data = await rpc("catalogue_image_file", {
        p_image_id: [imageId, "text"],
        p_width: [width, "integer"],
        p_format: [format, "text"],
      });
      return typeof data === "string" ? new Uint8Array(Buffer.from(data, "base64")) : null;
    },
  };
}

/** A product's photos, as the session's user (the database refuses anyone but staff). */
export function createStaffCatalogueImagesPort(rpc: RpcCall): StaffCatalogueImagesPort {
  return {
    async add({ productId, expectedVersion, photo }) {
      const saved = (await rpc("staff_add_product_image", {
        p_product_id: [productId, "text"],
        p_expected_version: [expectedVersion, "integer"],
        p_image: [
          {
            id: photo.id,
            alt: photo.alt,
            width: photo.width,
            height: photo.height,
            widths: photo.widths,
            files: photo.renditions.map((file) => ({
              width: file.width,
              format: file.format,
              data: Buffer.from(file.bytes).toString("base64"),
            })),
          },
          "jsonb",
        ],
      })) as { version: number };
      return Number(saved.version);
    },
    async move({ productId, expectedVersion, imageId, offset }) {
      return Number(
        await rpc("staff_move_product_image", {
          p_product_id: [productId, "text"],
          p_expected_version: [expectedVersion, "integer"],
          p_image_id: [imageId, "text"],
          p_offset: [offset, "integer"],
        }),
      );
    },
    async remove({ productId, expectedVersion, imageId }) {
      return Number(
        await rpc("staff_remove_product_image", {
          p_product_id: [productId, "text"],
          p_expected_version: [expectedVersion, "integer"],
          p_image_id: [imageId, "text"],
        }),
      );
    },
  };
}
