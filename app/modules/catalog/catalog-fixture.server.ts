import fs from "node:fs";
import { z } from "zod";

import { imageAssets } from "~/content/images";
import { productFromFlat, type FlatProduct } from "~/modules/catalog/flat-product";
import { PRODUCT_ID_MAX_LENGTH, PRODUCT_ID_PATTERN, productCategories, type Product } from "~/modules/catalog/product";

// A generated catalogue appended after the shipped one, for the scale benchmark (docs/performance.md,
// "bench:scale"). Checked as strictly as the shipped products are by their types: a bad file stops the start.

const knownImageId = z.string().refine(
  (id) => id in imageAssets,
  (id) => ({ message: `unknown image id "${id}"` }),
);

export const fixtureProductSchema = z.object({
  id: z.string().regex(PRODUCT_ID_PATTERN, `must be 1-${PRODUCT_ID_MAX_LENGTH} lower-case letters, digits or dashes`),
  name: z.string().min(1).max(200),
  description: z.string().max(5000),
  price: z.number().positive().max(100_000),
  originalPrice: z.number().positive().max(100_000).optional(),
  images: z.array(knownImageId).min(1).max(10),
  category: z.enum(productCategories),
  length: z.string().max(100).optional(),
  color: z.string().max(100),
  texture: z.string().max(100).optional(),
  rating: z.number().min(0).max(5),
  reviewCount: z.number().int().min(0),
  inStock: z.boolean(),
  isSale: z.boolean().optional(),
  isNew: z.boolean().optional(),
  features: z.array(z.string().max(500)).max(50),
  specifications: z.record(z.string().max(500)),
}) satisfies z.ZodType<FlatProduct>;

export const catalogFixtureSchema = z.object({ products: z.array(fixtureProductSchema) });

/** Reads and validates a fixture file; the error names the file and the first problems. */
export function readCatalogFixture(file: string): FlatProduct[] {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(
      `CATALOG_FIXTURE ${file}: cannot read it as JSON (${error instanceof Error ? error.message : error})`,
    );
  }
  const result = catalogFixtureSchema.safeParse(json);
  if (!result.success) {
    const problems = result.error.issues
      .slice(0, 5)
      .map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`)
      .join("\n");
    throw new Error(`CATALOG_FIXTURE ${file}: not a { "products": Product[] } file:\n${problems}`);
  }
  return result.data.products;
}

/**
 * The database's products followed by the fixture's (each of one variant, featured after every stored product); a
 * fixture id that the database already uses is refused.
 */
export function appendFixtureProducts(
  stored: readonly Product[],
  fixture: readonly FlatProduct[],
  file: string,
): Product[] {
  const storedIds = new Set(stored.map((product) => product.id));
  const seen = new Set<string>();
  const after = stored.reduce((last, product) => Math.max(last, product.featuredPosition), 0);
  for (const product of fixture) {
    if (storedIds.has(product.id)) {
      throw new Error(
        `CATALOG_FIXTURE ${file}: product id "${product.id}" is a stored product's id; fixture ids must be new.`,
      );
    }
    if (seen.has(product.id)) throw new Error(`CATALOG_FIXTURE ${file}: product id "${product.id}" appears twice.`);
    seen.add(product.id);
  }
  return [...stored, ...fixture.map((product, index) => productFromFlat(product, after + 1 + index))];
}
