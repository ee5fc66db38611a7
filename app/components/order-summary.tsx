import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { ShoppingBag } from "~/components/icons";
import { ResponsiveImage } from "~/components/responsive-image";
import type { ImageAsset } from "~/content/images";

/**
 * One product line of an order (checkout, confirmation, order history, the guest's order page, the back office): its
 * picture, its name, detail lines under it and what stands at its end (usually the line's amount). Each page says
 * what its lines show; they all look alike.
 */
export function OrderLine({
  image,
  imageHref,
  small = false,
  name,
  variant,
  details,
  end,
  testId,
}: {
  /** The product's first picture; null draws a placeholder; left out, the line has no picture at all. */
  image?: ImageAsset | string | null;
  /** The picture links here too, kept out of the tab order and from screen readers (the name is the link). */
  imageHref?: string;
  /** The smaller picture of a list that shows several orders. */
  small?: boolean;
  name: ReactNode;
  /** The variant chosen ("22 inch / Honey Blonde"), where the product had several. */
  variant?: string | null;
  details?: ReactNode;
  end?: ReactNode;
  testId?: string;
}) {
  const picture = image ? (
    <ResponsiveImage image={image} alt="" sizes={small ? "3rem" : "4rem"} className="size-full object-cover" />
  ) : (
    <ShoppingBag
      aria-hidden
      className={small ? "m-auto mt-5 size-5 text-ink-muted" : "m-auto mt-6 size-6 text-ink-muted"}
    />
  );
  return (
    <li className="flex gap-3 py-3 text-sm" data-testid={testId}>
      {image === undefined ? null : (
        <div className={`${small ? "h-16 w-12" : "h-20 w-16"} shrink-0 overflow-hidden rounded-lg bg-sand-100`}>
          {image && imageHref ? (
            <Link to={imageHref} tabIndex={-1} aria-hidden>
              {picture}
            </Link>
          ) : (
            picture
          )}
        </div>
      )}
      <div className="min-w-0 flex-1">
        <p className="font-medium text-ink">{name}</p>
        {variant ? (
          <p className="text-ink-muted" data-testid="line-variant">
            {variant}
          </p>
        ) : null}
        {details}
      </div>
      {end === undefined ? null : <div className="shrink-0 text-right font-semibold text-ink">{end}</div>}
    </li>
  );
}

/**
 * The amounts under an order's lines: Subtotal, Shipping (with its method where the page names it), the discount code
 * and what it took off where there is one, Tax where the page shows it, and the Total, emphasised, where it is not
 * already shown above. `compact` for the denser pages (order history, the guest's order page, the back office).
 */
export function OrderTotals({
  subtotal,
  shipping,
  shippingMethod,
  discount,
  tax,
  total,
  shippingTestId,
  totalTestId,
  compact = false,
}: {
  subtotal: string;
  shipping: string;
  shippingMethod?: string;
  /** The code and the amount it took off ("−$15.00"); null or absent: no discount line. */
  discount?: { code: string; amount: string } | null;
  tax?: string;
  total?: string;
  shippingTestId?: string;
  totalTestId?: string;
  compact?: boolean;
}) {
  return (
    <dl className={`${compact ? "mt-2 space-y-1 pt-3" : "mt-4 space-y-2 pt-4"} border-t border-sand-200 text-sm`}>
      <TotalsRow label="Subtotal" value={subtotal} />
      <TotalsRow
        label={shippingMethod ? `Shipping (${shippingMethod})` : "Shipping"}
        value={shipping}
        testId={shippingTestId}
      />
      {discount ? (
        <TotalsRow label={`Discount (${discount.code})`} value={discount.amount} testId="order-discount" />
      ) : null}
      {tax === undefined ? null : <TotalsRow label="Tax" value={tax} />}
      {total === undefined ? null : (
        <div className="flex justify-between gap-4 border-t border-sand-200 pt-2 text-base font-semibold">
          <dt className="text-ink">Total</dt>
          <dd className="text-ink" data-testid={totalTestId}>
            {total}
          </dd>
        </div>
      )}
    </dl>
  );
}

function TotalsRow({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="text-ink" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
