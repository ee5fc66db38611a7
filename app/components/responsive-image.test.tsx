import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";

import { IMAGE_PLACEHOLDER_ALT, imageUrl, ResponsiveImage } from "~/components/responsive-image";
import { imageAssets } from "~/content/images";

const imagesDir = path.resolve(__dirname, "../../public/images");

function render(element: React.ReactElement) {
  const html = renderToStaticMarkup(element);
  // Parse the markup the way a browser would, so the assertions read attributes instead of matching strings.
  const attributes = (tag: string) => {
    const match = html.match(new RegExp(`<${tag}\\b([^>]*)>`));
    if (!match?.[1]) return undefined;
    return Object.fromEntries(
      [...match[1].matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name!.toLowerCase(), value]),
    );
  };
  return { html, source: attributes("source"), img: attributes("img"), div: attributes("div") };
}

describe("ResponsiveImage", () => {
  it("offers AVIF and WebP at every width, with the intrinsic size and a lazy load", () => {
    const { source, img } = render(<ResponsiveImage image="product-clip-1-1" sizes="50vw" className="object-cover" />);
    expect(source).toMatchObject({
      type: "image/avif",
      srcset:
        "/images/product-clip-1-1-320.avif 320w, /images/product-clip-1-1-640.avif 640w, /images/product-clip-1-1-960.avif 960w",
      sizes: "50vw",
    });
    expect(img).toMatchObject({
      src: "/images/product-clip-1-1-960.webp",
      srcset:
        "/images/product-clip-1-1-320.webp 320w, /images/product-clip-1-1-640.webp 640w, /images/product-clip-1-1-960.webp 960w",
      sizes: "50vw",
      width: "960",
      height: "1200",
      alt: "Honey blonde straight clip-in hair extensions",
      loading: "lazy",
      decoding: "async",
      class: "bg-sand-100 object-cover",
    });
    expect(img).not.toHaveProperty("fetchpriority");
  });

  it("loads a priority image eagerly with high fetch priority, without a React warning", () => {
    // The test set-up turns any console.error (React's unknown-prop warning included) into a failure.
    const { img } = render(<ResponsiveImage image="hero" sizes="100vw" priority />);
    expect(img).toMatchObject({ loading: "eager", fetchpriority: "high", width: "1920", height: "1080" });
  });

  it("takes the alt text from props, including an empty one for decorative use", () => {
    expect(render(<ResponsiveImage image="blog-1" sizes="100vw" alt="Care guide" />).img?.alt).toBe("Care guide");
    expect(render(<ResponsiveImage image="blog-1" sizes="100vw" alt="" />).img?.alt).toBe("");
  });

  it("draws a placeholder for an unknown id and warns once on the server", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const first = render(<ResponsiveImage image="no-such-image" sizes="10rem" className="size-full" />);
    render(<ResponsiveImage image="no-such-image" sizes="10rem" />);
    expect(first.img).toBeUndefined();
    expect(first.div).toMatchObject({
      role: "img",
      "aria-label": IMAGE_PLACEHOLDER_ALT,
      class: "bg-sand-100 size-full",
    });
    expect(render(<ResponsiveImage image="no-such-image" sizes="10rem" alt="" />).div).toMatchObject({
      "aria-hidden": "true",
    });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain("no-such-image");
  });
});

describe("imageUrl", () => {
  it("returns the WebP file of the nearest width, the largest by default", () => {
    expect(imageUrl("product-clip-1-1")).toBe("/images/product-clip-1-1-960.webp");
    expect(imageUrl("product-clip-1-1", 400)).toBe("/images/product-clip-1-1-320.webp");
    expect(imageUrl("product-clip-1-1", 700)).toBe("/images/product-clip-1-1-640.webp");
    expect(imageUrl("blog-2", 1200)).toBe("/images/blog-2-1440.webp");
    expect(imageUrl("hero", 5000)).toBe("/images/hero-1920.webp");
  });

  it("returns an empty string for an unknown id", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(imageUrl("missing-image-for-url")).toBe("");
  });
});

describe("image manifest", () => {
  const assets = Object.entries(imageAssets);

  it("lists every image under its own id, with a description", () => {
    expect(assets.length).toBeGreaterThan(0);
    for (const [key, asset] of assets) {
      expect(asset.id).toBe(key);
      expect(asset.alt.length).toBeGreaterThan(0);
      expect(asset.widths.at(-1)).toBe(asset.width);
    }
  });

  it("has every file on disk, at the listed width and the master's aspect ratio", async () => {
    for (const asset of Object.values(imageAssets)) {
      for (const width of asset.widths) {
        for (const format of ["avif", "webp"] as const) {
          const file = path.join(imagesDir, `${asset.id}-${width}.${format}`);
          expect(existsSync(file), file).toBe(true);
          const metadata = await sharp(file).metadata();
          expect(metadata.width, file).toBe(width);
          expect(metadata.height, file).toBe(Math.round((width * asset.height) / asset.width));
        }
      }
    }
  });

  it("has no image files that the manifest does not list", () => {
    const listed = new Set(
      Object.values(imageAssets).flatMap((asset) =>
        asset.widths.flatMap((width) => [`${asset.id}-${width}.avif`, `${asset.id}-${width}.webp`]),
      ),
    );
    expect(readdirSync(imagesDir).filter((file) => !listed.has(file))).toEqual([]);
  });
});
