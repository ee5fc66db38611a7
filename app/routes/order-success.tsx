import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CheckCircle2 } from "~/components/icons";
import { orderConfirmation, type PaymentState } from "~/modules/payment/confirmation.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const confirmation = await orderConfirmation(request);
  // Nothing was ordered from this browser lately (nor paid through the payment page it came back from).
  if (!confirmation) throw redirect("/");
  return confirmation;
}

export const meta: MetaFunction = () => [{ title: "Order Confirmed | Luxe Strands" }, { name: "robots", content: "noindex" }];

export default function OrderSuccess() {
  const { orderNumber, payment } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <CheckCircle2 aria-hidden className="size-16 text-green-700" />
      <h1 className="mt-6 font-serif text-4xl text-ink">Order Confirmed!</h1>
      <p className="mt-3 text-lg text-ink" data-testid="order-number">
        Order #{orderNumber}
      </p>
      <PaymentNote payment={payment} />
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

/** How the order is paid (decision 0031): the manual provider's instructions, or what the card provider said. */
function PaymentNote({ payment }: { payment: PaymentState }) {
  if (payment.kind === "instructions") {
    return (
      <section aria-labelledby="payment-heading" className="mt-6 w-full rounded-2xl border border-sand-200 bg-sand-50 p-5 text-left">
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
        {received ? "Your card payment is confirmed." : "Your payment is being confirmed. We will e-mail you as soon as it is received."}
      </p>
    </div>
  );
}
