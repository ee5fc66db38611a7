import type { Product } from "~/modules/catalog/product";

export function ProductBadges({
  product,
  className = "",
}: {
  product: Pick<Product, "isNew" | "isSale">;
  className?: string;
}) {
  if (!product.isNew && !product.isSale) return null;
  return (
    <div className={`flex gap-2 ${className}`}>
      {product.isNew ? (
        <span className="rounded-full bg-ink px-3 py-1 text-xs font-semibold text-white">New</span>
      ) : null}
      {product.isSale ? (
        <span className="rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">Sale</span>
      ) : null}
    </div>
  );
}
