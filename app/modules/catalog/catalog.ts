import { products } from "~/content/products";
import type { Product } from "~/modules/catalog/product";

// Built once per process: product pages look products up by id on every request.
const productsById = new Map(products.map((product) => [product.id, product]));

export function getAllProducts(): readonly Product[] {
  return products;
}

export function findProduct(id: string): Product | undefined {
  return productsById.get(id);
}

/** Spec: the home page features the first four catalogue products. */
export function featuredProducts(count = 4): Product[] {
  return products.slice(0, count);
}
