import { Link } from "@remix-run/react";

import { ResponsiveImage } from "~/components/responsive-image";
import { productStatusLabels, type AdminProductRow } from "~/modules/admin/product-list";

const statusClasses: Record<AdminProductRow["status"], string> = {
  active: "bg-green-50 text-green-800 ring-green-200",
  draft: "bg-sand-100 text-ink ring-sand-300",
  archived: "bg-ink/5 text-ink-muted ring-sand-300",
};

/** Products as a list of rows: cover, name and id (the name opens the editor), price and stock, status. */
export function AdminProductList({ products }: { products: readonly AdminProductRow[] }) {
  return (
    <ul aria-label="Products" className="mt-3 divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white">
      {products.map((product) => (
        <li
          key={product.id}
          className="grid grid-cols-[3.5rem_1fr] items-center gap-x-4 gap-y-1 px-4 py-3 sm:grid-cols-[3.5rem_1fr_auto_auto]"
        >
          <div className="row-span-2 aspect-[4/5] w-14 overflow-hidden rounded-lg sm:row-span-1">
            {product.cover ? (
              <ResponsiveImage image={product.cover} sizes="56px" alt="" className="h-full w-full object-cover" />
            ) : (
              <div aria-hidden="true" className="h-full w-full bg-sand-100" />
            )}
          </div>
          <div className="min-w-0">
            <Link
              to={`/admin/products/${product.id}`}
              className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
            >
              {product.name}
            </Link>
            <p className="truncate text-xs text-ink-muted">{product.id}</p>
          </div>
          <p className="text-sm text-ink">
            {product.price}
            <span className={`block ${product.soldOut ? "font-semibold text-red-700" : "text-ink-muted"}`}>
              {product.soldOut ? "Out of stock" : product.stock}
            </span>
          </p>
          <span
            className={`justify-self-start whitespace-nowrap rounded-full px-3 py-1 text-xs font-semibold ring-1 sm:justify-self-end ${statusClasses[product.status]}`}
          >
            {productStatusLabels[product.status]}
          </span>
        </li>
      ))}
    </ul>
  );
}
