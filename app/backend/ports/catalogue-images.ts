// The ports of photos uploaded in the back office (issue 38, decision 0038): the renditions the shop serves under
// /catalogue-images, and the staff's writes of a product's photos. Both adapters serve them through the same database
// functions (supabase/migrations/20261203000200_catalogue_image_files.sql), so one module maps them
// (rpc/catalogue-images.server.ts).

export type RenditionFormat = "avif" | "webp";

/** One stored file of a photo: its width and format, and its bytes. */
export interface Rendition {
  width: number;
  format: RenditionFormat;
  bytes: Uint8Array;
}

/** A processed upload, ready to store: every width in both formats. */
export interface UploadedPhoto {
  /** `<product id>-<hash of the renditions>`: a URL naming it always names the same bytes. */
  id: string;
  alt: string;
  /** Of the largest rendition. */
  width: number;
  height: number;
  /** Smallest first. */
  widths: number[];
  renditions: Rendition[];
}

/** The files the shop serves to everyone (as the shop: anon): a photo's URL is its hash. */
export interface CatalogueImageFiles {
  /** The rendition's bytes, or null when there is none. */
  read(imageId: string, width: number, format: RenditionFormat): Promise<Uint8Array | null>;
}

/**
 * A product's photos as staff change them, as the session's user: every call is refused (in the database too) unless
 * staff. Each takes the product's version the staff member saw and returns the new one; BackendError
 * "product_changed" when someone changed the product since, "id_taken" when the photo is already the product's.
 */
export interface StaffCatalogueImagesPort {
  add(input: { productId: string; expectedVersion: number; photo: UploadedPhoto }): Promise<number>;
  move(input: { productId: string; expectedVersion: number; imageId: string; offset: -1 | 1 }): Promise<number>;
  remove(input: { productId: string; expectedVersion: number; imageId: string }): Promise<number>;
}
