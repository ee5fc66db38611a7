import { getFormProps, getInputProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v3";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { ShoppingBag } from "~/components/icons";
import { isBackendError } from "~/backend/errors";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors, FormField } from "~/components/form-field";
import { ResponsiveImage } from "~/components/responsive-image";
import { splitFullName } from "~/modules/account/full-name";
import { loadCart } from "~/modules/cart/cart-store.server";
import { newIdempotencyKey } from "~/modules/checkout/idempotency.server";
import { placeOrderFromCart, readConfirmedOrderId } from "~/modules/checkout/place-order.server";
import { DEFAULT_COUNTRY, shippingSchema } from "~/modules/checkout/shipping-schema";
import { formatCents } from "~/modules/money";
import { continueToPayment, PAYMENT_UNAVAILABLE, resumedCheckoutForm } from "~/modules/payment/checkout-payment.server";
import type { loader as rootLoader } from "~/root";
import { getSession } from "~/modules/auth/session.server";
import { withRetryAfter } from "~/utils/rate-limit";
import { refusedByRateLimit } from "~/modules/limits/rate-limit.server";
import { originFromMatches, seo } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";
import { useIsPosting, useZodForm } from "~/utils/forms";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request, context);
  const { user } = session;
  const { summary } = await loadCart(request, session);
  if (summary.lines.length === 0) {
    // Nothing to check out: Back from the order confirmation (this cart was just ordered), or an emptied cart.
    // A redirect, so the browser shows the top of a page instead of this form's old scroll position.
    if (await readConfirmedOrderId(request)) throw redirect("/shop", 303);
    throw await redirectWithToast("/shop", { type: "error", title: "Cart is empty", description: "Add some items to your cart before checking out." });
  }
  return data(
    {
      defaultValue: {
        email: user?.email ?? "",
        country: DEFAULT_COUNTRY,
        // Back from the payment page by its Cancel: the details as they were (decision 0031).
        ...(await resumedCheckoutForm(request, context)),
        idempotencyKey: newIdempotencyKey(),
      },
      constraint: getZodConstraint(shippingSchema),
    },
    // The key belongs to this one form: never cache the page anywhere.
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: shippingSchema });
  if (submission.status !== "success") {
    // The key is a hidden field: its message goes to the form's, where the shopper sees it.
    const keyErrors = submission.error?.idempotencyKey;
    return data(submission.reply(keyErrors ? { formErrors: keyErrors } : undefined), { status: 400 });
  }

  // Said on the form, in one place, with everything typed kept (the page answers itself: no toast).
  const failWith = (status: number, formErrors: string[], headers?: Record<string, string>) =>
    data(submission.reply({ formErrors }), { status, headers });
  const refusal = await refusedByRateLimit(context, "checkout");
  if (refusal) return failWith(429, [refusal.message], refusal.headers);

  const session = await getSession(request, context);

  try {
    const placed = await placeOrderFromCart(request, session, submission.value);
    // With card payment (decision 0031) a placed order goes on to the payment page; manual payment confirms it here.
    const outcome = placed.kind === "placed" ? await continueToPayment(request, session, placed) : placed;
    if (outcome.kind === "pay") return redirect(outcome.location, { status: 303, headers: outcome.headers });
    if (outcome.kind === "payment-unavailable") return failWith(503, PAYMENT_UNAVAILABLE);
    if (outcome.kind === "empty-cart") {
      return failWith(400, ["Cart is empty", "Add some items to your cart before checking out."]);
    }
    if (outcome.kind === "refused") {
      return failWith(409, [outcome.message]);
    }
    if (outcome.kind === "form-already-used") {
      const reply = submission.reply({
        formErrors: ["This form already placed an earlier order", "Your cart is unchanged. Please check your details and place your order again."],
      });
      // The next try needs a key of its own: this one stands for the earlier order. (Every other refusal keeps the
      // posted key, so that a retry after an answer that never arrived cannot order twice.)
      return data({ ...reply, initialValue: { ...reply.initialValue, idempotencyKey: newIdempotencyKey() } }, { status: 409 });
    }
    return redirectWithToast(
      "/order-success",
      { title: "Order placed successfully!", description: "You will receive a confirmation email shortly." },
      { headers: outcome.headers },
    );
  } catch (error) {
    // Storing the order failed: say so, keep the cart and everything typed (spec 8: 'Payment failed').
    console.error("Placing an order failed", isBackendError(error) ? error.code : error);
    return failWith(503, ["Payment failed", "There was an error processing your payment. Please try again."]);
  }
}

/** As the root's, plus the Retry-After of a refusal (429). */
export const headers: HeadersFunction = ({ parentHeaders, actionHeaders }) => withRetryAfter(actionHeaders, parentHeaders);

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Checkout",
    description: "Check out securely at Luxe Strands: your shipping details and order summary, then place your order.",
    origin: originFromMatches(matches),
    path: "/checkout",
    noIndex: true,
  });

export default function Checkout() {
  const { defaultValue, constraint } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const lastResult = useActionData<typeof action>();
  const busy = useIsPosting("/checkout");
  const [form, fields, firstInvalid, formEngine] = useZodForm({
    id: "checkout",
    loadSchema: import.meta.env.SSR ? undefined : () => import("~/modules/checkout/shipping-schema").then((module) => module.shippingSchema),
    constraint,
    lastResult,
    // A member's names from the profile (the header's member), which they can still change here.
    defaultValue: { ...splitFullName(root?.user?.fullName), ...defaultValue },
  });
  const cart = root?.cart;

  if (!cart || cart.lines.length === 0) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <ShoppingBag aria-hidden className="size-12 text-sand-200" />
        <h1 className="mt-4 font-serif text-3xl text-ink">Your cart is empty</h1>
        <p className="mt-3 text-ink-muted">Add some beautiful hair extensions to get started!</p>
        <Link to="/shop" className="btn-primary mt-8">
          Continue Shopping
        </Link>
      </div>
    );
  }

  const total = formatCents(cart.totalAmountCents);
  const textField = (name: keyof typeof fields, label: string, type: "text" | "email" | "tel" = "text", autoComplete?: string, className?: string) => {
    const field = fields[name];
    return (
      <FormField
        className={className}
        label={label}
        errors={field.errors}
        errorId={field.errorId}
        inputProps={{ ...getInputProps(field, { type }), autoComplete, autoFocus: field.name === firstInvalid }}
      />
    );
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="font-serif text-4xl text-ink">Checkout</h1>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_24rem]">
        <Form method="post" {...getFormProps(form)} className="space-y-6">
          {formEngine}
          {/* Controlled: a refusal's answer may carry a new key (see the action), which must reach the page. The
              value is conform's once it runs, the answer's (or the page's) before. */}
          <input
            type="hidden"
            name={fields.idempotencyKey.name}
            value={fields.idempotencyKey.value ?? fields.idempotencyKey.initialValue ?? ""}
          />
          <fieldset className="space-y-4 rounded-2xl border border-sand-200 p-6">
            <legend className="px-2 text-lg font-semibold text-ink">Shipping Information</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              {textField("firstName", "First Name", "text", "given-name")}
              {textField("lastName", "Last Name", "text", "family-name")}
              {textField("email", "Email", "email", "email")}
              {textField("phone", "Phone", "tel", "tel")}
              {textField("address", "Address", "text", "street-address", "sm:col-span-2")}
              {textField("city", "City", "text", "address-level2")}
              {textField("state", "State", "text", "address-level1")}
              {textField("zipCode", "ZIP Code", "text", "postal-code")}
              {textField("country", "Country", "text", "country-name")}
            </div>
          </fieldset>
          <FormErrors id={form.errorId} errors={form.errors} className="rounded-xl p-4" />
          <button type="submit" className="btn-primary w-full text-base" disabled={busy}>
            {busy ? "Processing..." : `Place Order - ${total}`}
          </button>
        </Form>

        <section aria-labelledby="summary-heading" className="h-fit rounded-2xl bg-sand-50 p-6">
          <h2 id="summary-heading" className="text-lg font-semibold text-ink">
            Order Summary
          </h2>
          <ul className="mt-4 divide-y divide-sand-200">
            {cart.lines.map((line) => (
              <li key={line.productId} className="flex gap-3 py-3" data-testid="summary-line">
                <div className="h-20 w-16 shrink-0 overflow-hidden rounded-lg bg-sand-100">
                  {line.images[0] ? (
                    <ResponsiveImage id={line.images[0]} alt="" sizes="4rem" className="size-full object-cover" />
                  ) : (
                    <ShoppingBag aria-hidden className="m-auto mt-6 size-6 text-ink-muted" />
                  )}
                </div>
                <div className="flex-1 text-sm">
                  <p className="font-medium text-ink">{line.name}</p>
                  <p className="text-xs tracking-wider text-ink-muted uppercase">{line.category}</p>
                  <p className="text-ink-muted">Qty: {line.quantity}</p>
                </div>
                <p className="text-sm font-semibold text-ink">{formatCents(line.lineTotalCents)}</p>
              </li>
            ))}
          </ul>
          <dl className="mt-4 space-y-2 border-t border-sand-200 pt-4 text-sm">
            <div className="flex justify-between">
              <dt className="text-ink-muted">Subtotal</dt>
              <dd className="text-ink">{total}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-ink-muted">Shipping</dt>
              <dd className="text-ink">Free</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-ink-muted">Tax</dt>
              <dd className="text-ink">$0.00</dd>
            </div>
            <div className="flex justify-between border-t border-sand-200 pt-2 text-base font-semibold">
              <dt className="text-ink">Total</dt>
              <dd className="text-ink" data-testid="checkout-total">
                {total}
              </dd>
            </div>
          </dl>
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
