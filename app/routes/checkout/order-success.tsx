import { redirect, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { orUnavailablePage } from "~/backend/unavailable.server";
import { CheckCircle2 } from "~/components/icons";
import { OrderLine, OrderTotals } from "~/components/order-summary";
import { orderNumber } from "~/modules/account/orders";
import { getSession } from "~/modules/auth/session.server";
import { findChoice } from "~/modules/catalog/catalog.server";
import { choiceImages, variantLabel } from "~/modules/catalog/product";
import { browserOrderPage } from "~/modules/checkout/browser-orders.server";
import type { OrderConfirmation } from "~/modules/checkout/order-confirmation.server";
import { paymentProcessingText, thankYouText } from "~/modules/checkout/order-mail-copy";
import { shippingMethodName } from "~/modules/checkout/shipping";
import { formatCents } from "~/modules/money";
import { confirmedOrder, type PaymentState } from "~/modules/payment/confirmation.server";
import { getEnv } from "~/site/env.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The order this browser has just placed (its signed confirmation) or the one the payment page it came back from
  // paid, and how the payment stands (decision 0031). What was ordered and where it ships only for the browser that
  // placed it, read with its link to the order (decision 0034); names and pictures from the catalogue.
  const session = await getSession(request, context);
  const confirmed = await orUnavailablePage(confirmedOrder(request, session.backend.guestOrders));
  // Nothing was ordered from this browser lately: there is nothing to confirm.
  if (!confirmed) throw redirect("/");
  const { orderId, confirmation, payment } = confirmed;
  return {
    orderNumber: orderNumber(orderId),
    details: confirmation && orderDetails(confirmation),
    payment,
    sendsMail: getEnv().MAIL !== "off",
    // A guest's own order page opens in this browser without the e-mailed link; a member has their orders.
    ordersHref: !session.member && confirmation ? browserOrderPage(orderId) : "/orders",
  };
}

function orderDetails(confirmation: OrderConfirmation) {
  const money = (cents: number) => formatCents(cents, confirmation.currency);
  // Shown a moment after the order was placed, from the catalogue: the order itself keeps its own copy.
  const lines = confirmation.lines.map(([variantId, quantity, pricePerItem]) => {
    const choice = findChoice(variantId);
    return {
      productId: variantId,
      name: choice?.product.name ?? variantId,
      variant: choice ? variantLabel(choice) : undefined,
      image: choice ? (choiceImages(choice)[0] ?? null) : null,
      quantity,
      pricePerItem: money(pricePerItem),
      lineTotal: money(pricePerItem * quantity),
    };
  });
  const subtotal = confirmation.lines.reduce((sum, [, quantity, pricePerItem]) => sum + quantity * pricePerItem, 0);
  return {
    lines,
    subtotal: money(subtotal),
    shippingMethod: shippingMethodName(confirmation.shippingMethod),
    shipping: confirmation.shippingAmount === 0 ? "Free" : money(confirmation.shippingAmount),
    discount: confirmation.discount
      ? { code: confirmation.discount.code, amount: `−${money(confirmation.discount.amountCents)}` }
      : null,
    tax: money(0),
    total: money(confirmation.totalAmount),
    shipTo: confirmation.shipTo,
  };
}

export const meta: MetaFunction = () => [
  { title: "Order Confirmed | Luxe Strands" },
  { name: "robots", content: "noindex" },
];

export default function OrderSuccess() {
  const { orderNumber, details, payment, sendsMail, ordersHref } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <CheckCircle2 aria-hidden className="size-16 text-green-700" />
      <h1 className="mt-6 font-serif text-4xl text-ink">Order Confirmed!</h1>
      <p className="mt-3 text-lg text-ink" data-testid="order-number">
        Order #{orderNumber}
      </p>
      <PaymentNote payment={payment} sendsMail={sendsMail} />
      <p className="mt-4 text-ink-muted">{thankYouText({ sendsMail, own: details !== null })}</p>
      {details && <OrderDetails details={details} />}
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <Link to="/" className="btn-primary">
          Continue Shopping
        </Link>
        <Link to={ordersHref} className="btn-outline">
          View Orders
        </Link>
      </div>
    </div>
  );
}

/** What was ordered and where it ships: shown to the browser that placed the order only. */
function OrderDetails({ details: order }: { details: NonNullable<SerializeFrom<typeof loader>["details"]> }) {
  return (
    <section aria-labelledby="ordered-heading" className="mt-10 w-full rounded-2xl bg-sand-50 p-6 text-left">
      <h2 id="ordered-heading" className="text-lg font-semibold text-ink">
        Your order
      </h2>
      <ul className="mt-4 divide-y divide-sand-200">
        {order.lines.map((line) => (
          <OrderLine
            key={line.productId}
            testId="ordered-line"
            image={line.image}
            name={line.name}
            variant={line.variant}
            details={
              <p className="text-ink-muted">
                Qty: {line.quantity} × {line.pricePerItem}
              </p>
            }
            end={line.lineTotal}
          />
        ))}
      </ul>
      <OrderTotals
        subtotal={order.subtotal}
        shippingMethod={order.shippingMethod}
        shipping={order.shipping}
        discount={order.discount}
        tax={order.tax}
        total={order.total}
        totalTestId="order-total"
      />
      <h3 className="mt-6 text-sm font-semibold text-ink">Shipping to</h3>
      <address className="mt-1 text-sm not-italic leading-relaxed text-ink-muted" data-testid="ship-to">
        {order.shipTo.map((line, index) => (
          <span key={index} className="block break-words">
            {line}
          </span>
        ))}
      </address>
    </section>
  );
}

/** How the order is paid (decision 0031): the manual provider's instructions, or what the card provider said. */
function PaymentNote({ payment, sendsMail }: { payment: PaymentState; sendsMail: boolean }) {
  if (payment.kind === "instructions") {
    return (
      <section
        aria-labelledby="payment-heading"
        className="mt-6 w-full rounded-2xl border border-sand-200 bg-sand-50 p-5 text-left"
      >
        <h2 id="payment-heading" className="font-semibold text-ink">
          How to pay
        </h2>
        <p className="mt-2 whitespace-pre-line text-ink" data-testid="payment-instructions">
          {payment.text}
        </p>
      </section>
    );
  }
  const received = payment.kind === "received";
  return (
    <div className="mt-6 w-full rounded-2xl border border-sand-200 bg-sand-50 p-5" role="status">
      <p className={`font-semibold ${received ? "text-green-800" : "text-ink"}`} data-testid="payment-status">
        {received ? "Payment received" : "Payment processing"}
      </p>
      <p className="mt-1 text-sm text-ink-muted">
        {received ? "Your card payment is confirmed." : paymentProcessingText(sendsMail)}
      </p>
    </div>
  );
}
