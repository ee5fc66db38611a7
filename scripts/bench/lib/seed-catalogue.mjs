// A big catalogue written straight into a stopped shop's embedded database, for the benchmarks that need one
// (bench:scale, bench:memory): the generated products (generate-catalog-fixture.mjs), each sold in several variants,
// as the back office would store them (issue 38: the catalogue lives in the database, hair is sold as length x shade).
import fs from "node:fs";
import path from "node:path";

import { fixtureProductId } from "../generate-catalog-fixture.mjs";

const LENGTHS = ["14 inch", "16 inch", "18 inch", "20 inch", "22 inch", "24 inch", "26 inch"];
const SIZES = ["Small", "Medium", "Large", "Extra Large"];

/** A seeded variant's id: its product's, then its position (1-based). */
const variantId = (productId, position) => `${productId}-v${position}`;

/** The product page of generated product `index` (1-based) showing its `position`th variant. */
export function seededVariantPath(index, position) {
  const productId = fixtureProductId(index);
  return `/product/${productId}?variant=${variantId(productId, position)}`;
}

/** The variants of one generated product: consecutive lengths around its own for hair, sizes for an accessory. */
function variantsOf(product, count) {
  const hair = product.category !== "accessories";
  const first = hair ? Math.min(Math.max(0, LENGTHS.indexOf(product.length)), LENGTHS.length - count) : 0;
  return Array.from({ length: count }, (_, index) => {
    const price = (product.price + index * 20) * 100;
    return {
      id: variantId(product.id, index + 1),
      position: index + 1,
      sku: `${product.id.toUpperCase()}-${index + 1}`,
      option_values: hair ? [LENGTHS[first + index], product.color] : [SIZES[index]],
      price_cents: price,
      compare_at_cents: product.originalPrice ? price + (product.originalPrice - product.price) * 100 : null,
      // Out of stock products have none of any; the others are not tracked, but for a count on the first variant.
      stock_on_hand: product.inStock ? (index === 0 ? 25 : null) : 0,
    };
  });
}

/**
 * Writes the products of the fixture file `fixtureFile` into the stopped server's embedded database, active, after
 * the shipped ones, with `variantsPerProduct` variants each. Their images are rows of their own (an image id belongs to
 * one product) whose files are not on disk: the benchmarks read the HTML, not the images.
 */
export async function seedCatalogueProducts(dataDir, fixtureFile, { variantsPerProduct = 3 } = {}) {
  if (variantsPerProduct < 1 || variantsPerProduct > SIZES.length)
    throw new Error(`seedCatalogueProducts: 1 to ${SIZES.length} variants a product, not ${variantsPerProduct}`);
  const { PGlite } = await import("@electric-sql/pglite");
  const started = Date.now();
  const { products } = JSON.parse(fs.readFileSync(fixtureFile, "utf8"));
  const rows = products.map((product, index) => ({
    id: product.id,
    name: product.name,
    description: product.description,
    category: product.category,
    length: product.length ?? null,
    color: product.color,
    texture: product.texture ?? null,
    rating: product.rating,
    review_count: product.reviewCount,
    is_new: Boolean(product.isNew),
    is_sale: Boolean(product.isSale),
    features: product.features,
    specifications: Object.entries(product.specifications),
    option_names: product.category === "accessories" ? ["Size"] : ["Length", "Shade"],
    featured_position: 1000 + index,
    images: product.images.map((_, position) => ({
      id: `${product.id}-${position + 1}`,
      position: position + 1,
      alt: `${product.name}, photo ${position + 1}`,
    })),
    variants: variantsOf(product, variantsPerProduct),
  }));
  const db = await PGlite.create(path.join(dataDir, "pglite"));
  try {
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into public.products (id, name, description, category, length, color, texture, rating, review_count,
                                      is_new, is_sale, features, specifications, option_names, status, featured_position)
         select p.id, p.name, p.description, p.category, p.length, p.color, p.texture, p.rating, p.review_count,
                p.is_new, p.is_sale, p.features, p.specifications,
                array(select jsonb_array_elements_text(p.option_names)), 'active', p.featured_position
         from jsonb_to_recordset($1::jsonb) as p(id text, name text, description text, category text, length text,
              color text, texture text, rating numeric, review_count integer, is_new boolean, is_sale boolean,
              features jsonb, specifications jsonb, option_names jsonb, featured_position integer)`,
        [JSON.stringify(rows)],
      );
      await tx.query(
        `insert into public.product_images (id, product_id, position, alt, width, height, widths, source)
         select i.id, p.id, i.position, i.alt, 960, 1200, array[320, 640, 960], 'shipped'
         from jsonb_to_recordset($1::jsonb) as p(id text, images jsonb),
              jsonb_to_recordset(p.images) as i(id text, position integer, alt text)`,
        [JSON.stringify(rows.map(({ id, images }) => ({ id, images })))],
      );
      await tx.query(
        `insert into public.product_variants (id, product_id, position, sku, option_values, price_cents,
                                              compare_at_cents, stock_on_hand)
         select v.id, p.id, v.position, v.sku, array(select jsonb_array_elements_text(v.option_values)),
                v.price_cents, v.compare_at_cents, v.stock_on_hand
         from jsonb_to_recordset($1::jsonb) as p(id text, variants jsonb),
              jsonb_to_recordset(p.variants) as v(id text, position integer, sku text, option_values jsonb,
                                                  price_cents integer, compare_at_cents integer, stock_on_hand integer)`,
        [JSON.stringify(rows.map(({ id, variants }) => ({ id, variants })))],
      );
    });
  } finally {
    await db.close();
  }
  console.log(
    `  ${products.length} products x ${variantsPerProduct} variants written to the database (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}
