import type { ReactNode } from "react";

import type { CartLine } from "~/modules/cart/cart";
import type { DiscountedTotals } from "~/modules/discounts/totals";
import { formatCents } from "~/modules/money";
import { OrderLine, OrderTotals } from "./order-summary";

/**
 * The checkout's order summary: the cart's lines, the discount code's field (`discountField`), and the totals for the
 * shipping method chosen, the discount (`discountCode`) a line of its own.
 */
export function CheckoutSummary({
  lines,
  totals,
  shippingMethod,
  discountCode,
  discountField,
}: {
  lines: readonly Pick<
    CartLine,
    "productId" | "images" | "name" | "variantLabel" | "category" | "quantity" | "lineTotalCents"
  >[];
  totals: DiscountedTotals;
  /** The chosen method's name. */
  shippingMethod: string;
  /** The code whose discount `totals` hold, if any. */
  discountCode?: string | null;
  discountField?: ReactNode;
}) {
  return (
    <section aria-labelledby="summary-heading" className="h-fit rounded-2xl bg-sand-50 p-6">
      <h2 id="summary-heading" className="text-lg font-semibold text-ink">
        Order Summary
      </h2>
      <ul className="mt-4 divide-y divide-sand-200">
        {lines.map((line) => (
          <OrderLine
            key={line.productId}
            testId="summary-line"
            image={line.images[0] ?? null}
            name={line.name}
            variant={line.variantLabel}
            details={
              <>
                <p className="text-xs uppercase tracking-wider text-ink-muted">{line.category}</p>
                <p className="text-ink-muted">Qty: {line.quantity}</p>
              </>
            }
            end={formatCents(line.lineTotalCents)}
          />
        ))}
      </ul>
      {discountField}
      <OrderTotals
        subtotal={formatCents(totals.subtotalCents)}
        shippingMethod={shippingMethod}
        shipping={totals.shippingCents === 0 ? "Free" : formatCents(totals.shippingCents)}
        shippingTestId="checkout-shipping"
        discount={
          discountCode && totals.discountCents > 0
            ? { code: discountCode, amount: `−${formatCents(totals.discountCents)}` }
            : null
        }
        tax={formatCents(totals.taxCents)}
        total={formatCents(totals.totalCents)}
        totalTestId="checkout-total"
      />
    </section>
  );
}
