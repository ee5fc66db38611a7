import type { CartLine } from "~/modules/cart/cart";
import type { CheckoutTotals } from "~/modules/checkout/shipping";
import { formatCents } from "~/modules/money";
import { OrderLine, OrderTotals } from "./order-summary";

/** The checkout's order summary: the cart's lines and the totals for the shipping method chosen. */
export function CheckoutSummary({
  lines,
  totals,
  shippingMethod,
}: {
  lines: readonly Pick<
    CartLine,
    "productId" | "images" | "name" | "variantLabel" | "category" | "quantity" | "lineTotalCents"
  >[];
  totals: CheckoutTotals;
  /** The chosen method's name. */
  shippingMethod: string;
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
      <OrderTotals
        subtotal={formatCents(totals.subtotalCents)}
        shippingMethod={shippingMethod}
        shipping={totals.shippingCents === 0 ? "Free" : formatCents(totals.shippingCents)}
        shippingTestId="checkout-shipping"
        tax={formatCents(totals.taxCents)}
        total={formatCents(totals.totalCents)}
        totalTestId="checkout-total"
      />
    </section>
  );
}
