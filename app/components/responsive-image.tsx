import type { MetaDescriptor } from "@remix-run/node";

import { imageAssets, type ImageAsset } from "~/content/images";

const IMAGE_BASE = "/images";
/** Where the shop serves the renditions of photos uploaded in the back office (content-hashed, cached for good). */
export const UPLOADED_IMAGE_BASE = "/catalogue-images";

/** Accessible name of the stand-in drawn for an id that is not in the manifest. */
export const IMAGE_PLACEHOLDER_ALT = "Image not available";

function fileUrl(asset: Pick<ImageAsset, "id" | "uploaded">, width: number, format: "avif" | "webp") {
  return `${asset.uploaded ? UPLOADED_IMAGE_BASE : IMAGE_BASE}/${asset.id}-${width}.${format}`;
}

function srcSet(asset: ImageAsset, format: "avif" | "webp") {
  return asset.widths.map((width) => `${fileUrl(asset, width, format)} ${width}w`).join(", ");
}

/** A product's image comes with its sizes (the catalogue holds them); any other names its manifest entry. */
function resolveAsset(image: ImageAsset | string): ImageAsset | undefined {
  return typeof image === "string" ? imageAssets[image] : image;
}

const warnedIds = new Set<string>();

/** A missing image is a content mistake, not a reason to break the page: say so once in the server log. */
function warnUnknownImage(id: string) {
  if (typeof document !== "undefined" || warnedIds.has(id)) return;
  warnedIds.add(id);
  console.warn(`ResponsiveImage: no image with id "${id}" in app/content/images.ts`);
}

/**
 * URL of the WebP rendition whose width is nearest to `width` (the larger on a tie, the largest when omitted), for
 * Open Graph and JSON-LD. An unknown id gives an empty string, which `seo({ image })` treats as no image.
 */
export function imageUrl(image: ImageAsset | string, width?: number): string {
  const asset = resolveAsset(image);
  if (!asset) {
    warnUnknownImage(String(image));
    return "";
  }
  const target = width ?? asset.width;
  const nearest = asset.widths.reduce((best, candidate) =>
    Math.abs(candidate - target) <= Math.abs(best - target) ? candidate : best,
  );
  return fileUrl(asset, nearest, "webp");
}

/**
 * A `<link rel="preload">` for a page's largest image (the one rendered with `priority`), for the route's `meta`:
 * <Meta /> comes first in the head, so a slow phone asks for the image with the document's first bytes instead of
 * once the parser reaches the <img> past the inline stylesheet. AVIF only, as the <picture> prefers it: a browser
 * without AVIF skips a preload of a type it cannot decode and finds the WebP in the markup as before. `sizes` must
 * be the image's own, so that the preload and the <img> pick the same file.
 */
export function leadImagePreload(image: ImageAsset | string | undefined, sizes: string): MetaDescriptor[] {
  const asset = image ? resolveAsset(image) : undefined;
  if (!asset) return [];
  return [
    {
      tagName: "link",
      rel: "preload",
      as: "image",
      type: "image/avif",
      imageSrcSet: srcSet(asset, "avif"),
      imageSizes: sizes,
      fetchpriority: "high",
    },
  ];
}

interface ResponsiveImageProps {
  /** A product's image (from the catalogue), or an id in the image manifest, e.g. "hero-1". */
  image: ImageAsset | string;
  /** The rendered width per layout, e.g. "(min-width: 1024px) 25vw, 50vw", so the browser picks the right file. */
  sizes: string;
  /** Classes for the <img> (and for the placeholder of an unknown id). */
  className?: string;
  /** For the largest image above the fold: loaded at once and with high priority instead of lazily. */
  priority?: boolean;
  /** Overrides the manifest's description; pass "" for a purely decorative image. */
  alt?: string;
}

/**
 * An image from public/images: AVIF where the browser supports it, WebP otherwise, at the width `sizes` asks for.
 * Width and height come from the manifest, so the page does not jump while it loads; the sand background shows
 * until the pixels arrive (no inline style: the Content-Security-Policy forbids it).
 */
export function ResponsiveImage({ image, sizes, className, priority = false, alt }: ResponsiveImageProps) {
  const asset = resolveAsset(image);
  const classes = ["bg-sand-100", className].filter(Boolean).join(" ");
  if (!asset) {
    warnUnknownImage(String(image));
    // A decorative image (alt="") stays silent even when missing.
    if (alt === "") return <div aria-hidden="true" className={classes} />;
    return <div role="img" aria-label={alt ?? IMAGE_PLACEHOLDER_ALT} className={classes} />;
  }
  const largest = asset.widths[asset.widths.length - 1] ?? asset.width;
  // React 18 warns about the camelCase `fetchPriority` prop but passes lowercase attributes through unchanged.
  const loadingHints = priority
    ? ({ loading: "eager", fetchpriority: "high" } as Record<string, string>)
    : ({ loading: "lazy" } as Record<string, string>);
  return (
    // `contents` lets the <img> size itself against the parent, as if <picture> were not there.
    <picture className="contents">
      <source type="image/avif" srcSet={srcSet(asset, "avif")} sizes={sizes} />
      <img
        src={fileUrl(asset, largest, "webp")}
        srcSet={srcSet(asset, "webp")}
        sizes={sizes}
        width={asset.width}
        height={asset.height}
        alt={alt ?? asset.alt}
        decoding="async"
        className={classes}
        {...loadingHints}
      />
    </picture>
  );
}
