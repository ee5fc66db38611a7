import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CheckCircle2 } from "~/components/icons";
import { orderNumber } from "~/modules/account/orders";
import { readConfirmedOrderId } from "~/modules/checkout/place-order.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const orderId = await readConfirmedOrderId(request);
  // Nothing was ordered from this browser lately: there is nothing to confirm.
  if (!orderId) throw redirect("/");
  return { orderNumber: orderNumber(orderId) };
}

export const meta: MetaFunction = () => [{ title: "Order Confirmed | Luxe Strands" }, { name: "robots", content: "noindex" }];

export default function OrderSuccess() {
  const { orderNumber } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <CheckCircle2 aria-hidden className="size-16 text-green-700" />
      <h1 className="mt-6 font-serif text-4xl text-ink">Order Confirmed!</h1>
      <p className="mt-3 text-lg text-ink" data-testid="order-number">
        Order #{orderNumber}
      </p>
      <p className="mt-4 text-ink-muted">
        Thank you for your purchase. We're preparing your order and will send you a confirmation email with tracking details shortly.
      </p>
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
