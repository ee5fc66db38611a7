import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CheckCircle2, ShoppingBag } from "~/components/icons";
import { ResponsiveImage } from "~/components/responsive-image";
import { orderNumber } from "~/modules/account/orders";
import { findProduct } from "~/modules/catalog/catalog.server";
import { readConfirmation } from "~/modules/checkout/order-confirmation.server";
import { shippingMethodName } from "~/modules/checkout/shipping";
import { formatCents } from "~/modules/money";

export async function loader({ request }: LoaderFunctionArgs) {
  // What this browser has just ordered, from the signed confirmation: a guest's record of the order, with no
  // database read (names and pictures from the catalogue).
  const confirmation = await readConfirmation(request);
  // Nothing was ordered from this browser lately: there is nothing to confirm.
  if (!confirmation) throw redirect("/");
  const money = (cents: number) => formatCents(cents, confirmation.currency);
  const lines = confirmation.lines.map(([productId, quantity, pricePerItem]) => {
    const product = findProduct(productId);
    return {
      productId,
      name: product?.name ?? productId,
      image: product?.images[0] ?? null,
      quantity,
      pricePerItem: money(pricePerItem),
      lineTotal: money(pricePerItem * quantity),
    };
  });
  const subtotal = confirmation.lines.reduce((sum, [, quantity, pricePerItem]) => sum + quantity * pricePerItem, 0);
  return {
    orderNumber: orderNumber(confirmation.id),
    lines,
    subtotal: money(subtotal),
    shippingMethod: shippingMethodName(confirmation.shippingMethod),
    shipping: confirmation.shippingAmount === 0 ? "Free" : money(confirmation.shippingAmount),
    tax: money(0),
    total: money(confirmation.totalAmount),
    shipTo: confirmation.shipTo,
  };
}

export const meta: MetaFunction = () => [{ title: "Order Confirmed | Luxe Strands" }, { name: "robots", content: "noindex" }];

export default function OrderSuccess() {
  const order = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <CheckCircle2 aria-hidden className="size-16 text-green-700" />
      <h1 className="mt-6 font-serif text-4xl text-ink">Order Confirmed!</h1>
      <p className="mt-3 text-lg text-ink" data-testid="order-number">
        Order #{order.orderNumber}
      </p>
      <p className="mt-4 text-ink-muted">
        Thank you for your purchase. We're preparing your order and will send you a confirmation email with tracking details shortly.
      </p>

      <section aria-labelledby="ordered-heading" className="mt-10 w-full rounded-2xl bg-sand-50 p-6 text-left">
        <h2 id="ordered-heading" className="text-lg font-semibold text-ink">
          Your order
        </h2>
        <ul className="mt-4 divide-y divide-sand-200">
          {order.lines.map((line) => (
            <li key={line.productId} className="flex gap-3 py-3" data-testid="ordered-line">
              <div className="h-20 w-16 shrink-0 overflow-hidden rounded-lg bg-sand-100">
                {line.image ? (
                  <ResponsiveImage id={line.image} alt="" sizes="4rem" className="size-full object-cover" />
                ) : (
                  <ShoppingBag aria-hidden className="m-auto mt-6 size-6 text-ink-muted" />
                )}
              </div>
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium text-ink">{line.name}</p>
                <p className="text-ink-muted">
                  Qty: {line.quantity} × {line.pricePerItem}
                </p>
              </div>
              <p className="text-sm font-semibold text-ink">{line.lineTotal}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-4 space-y-2 border-t border-sand-200 pt-4 text-sm">
          <div className="flex justify-between">
            <dt className="text-ink-muted">Subtotal</dt>
            <dd className="text-ink">{order.subtotal}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-ink-muted">Shipping ({order.shippingMethod})</dt>
            <dd className="text-ink">{order.shipping}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-ink-muted">Tax</dt>
            <dd className="text-ink">{order.tax}</dd>
          </div>
          <div className="flex justify-between border-t border-sand-200 pt-2 text-base font-semibold">
            <dt className="text-ink">Total</dt>
            <dd className="text-ink" data-testid="order-total">
              {order.total}
            </dd>
          </div>
        </dl>
        <h3 className="mt-6 text-sm font-semibold text-ink">Shipping to</h3>
        <address className="mt-1 text-sm leading-relaxed text-ink-muted not-italic" data-testid="ship-to">
          {order.shipTo.map((line, index) => (
            <span key={index} className="block break-words">
              {line}
            </span>
          ))}
        </address>
      </section>

      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <Link to="/" className="btn-primary">
          Continue Shopping
        </Link>
        <Link to="/orders" className="btn-outline">
          View Orders
        </Link>
      </div>
    </div>
  );
}
