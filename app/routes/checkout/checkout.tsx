import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v3";
import {
  data,
  redirect,
  replace,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState, type FocusEvent, type FormEvent } from "react";

import { isBackendError } from "~/backend/errors";
import { CheckoutAddressFields } from "~/components/checkout-address-fields";
import { EmptyCheckout } from "~/components/checkout-empty";
import { CheckoutSavedAddresses, SaveAddressChoice } from "~/components/checkout-saved-addresses";
import { CheckoutShippingMethods } from "~/components/checkout-shipping-methods";
import { CheckoutSummary } from "~/components/checkout-summary";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors } from "~/components/form-field";
import { isDeclaredNavigation } from "~/forms/form-endpoint.server";
import { useIsPosting, useZodForm, withoutMaxLength } from "~/forms/zod-form";
import { useHydrated } from "~/framework/use-hydrated";
import { PRIVATE_HEADERS } from "~/http/cache-control";
import { addressOf } from "~/modules/account/address-schema";
import { splitFullName } from "~/modules/account/full-name";
import { getSession } from "~/modules/auth/session.server";
import { loadCart } from "~/modules/cart/cart-store.server";
import { currentShippingRates } from "~/modules/catalog/catalog.server";
import { setCheckoutFlash, takeCheckoutFlash, typedCheckoutValues } from "~/modules/checkout/checkout-flash.server";
import { newIdempotencyKey } from "~/modules/checkout/idempotency.server";
import { readConfirmation } from "~/modules/checkout/order-confirmation.server";
import { orderPlacedNotice } from "~/modules/checkout/order-mail-copy";
import { placeOrderFromCart, rememberPlacedOrder } from "~/modules/checkout/place-order.server";
import {
  keepTypedAddress,
  SAVED_ADDRESSES_UNAVAILABLE,
  savedAddressChoice,
  shipToChosenAddress,
} from "~/modules/checkout/saved-address.server";
import { checkoutTotals, chosenShippingMethod, shippingChoices } from "~/modules/checkout/shipping";
import { DEFAULT_COUNTRY, shippingSchema } from "~/modules/checkout/shipping-schema";
import { checkoutDiscountPost } from "~/modules/discounts/checkout-discount.server";
import { discountedTotals, type DiscountedTotals } from "~/modules/discounts/totals";
import { withRetryAfter } from "~/modules/limits/rate-limit";
import { refusedByRateLimit } from "~/modules/limits/rate-limits.server";
import { formatCents } from "~/modules/money";
import { continueToPayment, PAYMENT_UNAVAILABLE } from "~/modules/payment/checkout-payment.server";
import type { loader as rootLoader } from "~/root";
import { CheckoutDiscountField } from "~/routes/cart/discount-endpoint";
import { getEnv } from "~/site/env.server";
import { originFromMatches, seo } from "~/site/seo";
import type { ToastInput } from "~/toast/toast";
import { setToast } from "~/toast/toast.server";

const CHECKOUT_PATH = "/checkout";
const FORM_ID = "checkout";
/** The no-JavaScript submit that only reprices the summary for the method (and country) chosen. */
const UPDATE_SHIPPING = "update-shipping";

/** A blank country shows the default country's methods (the form will ask for one anyway). */
const countryOrDefault = (country: unknown) =>
  typeof country === "string" && country.trim() !== "" ? country : DEFAULT_COUNTRY;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request, context);
  const { user } = session;
  const { summary } = await loadCart(request, session);
  // What the last post kept (post/redirect/get): the values typed and what was refused, read once.
  const lastResult = await takeCheckoutFlash(request, context);

  if (summary.lines.length === 0 && !lastResult && (await readConfirmation(request))) {
    // Back from the order confirmation (this cart was just ordered): the shop, at its top, instead of this form's
    // old scroll position. The history entry is replaced, so Forward still returns to the confirmation.
    throw replace("/shop", { status: 303 });
  }

  const typed = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  // A member's saved addresses (decision 0044): a fresh form is filled with the default.
  const saved = await savedAddressChoice(session.member);
  const filledWith = saved?.addresses.find((address) => address.id === saved.chosen);
  return data({
    saved,
    defaultValue: {
      ...(filledWith && addressOf(filledWith)),
      email: user?.email ?? "",
      country: DEFAULT_COUNTRY,
      shippingMethod: "standard",
      idempotencyKey: newIdempotencyKey(),
    },
    // Without maxlength: the schema refuses an over-long field with its message instead of the browser cutting it.
    constraint: withoutMaxLength(getZodConstraint(shippingSchema)),
    lastResult,
    // The method the page shows chosen: the one posted, if the country typed may use it.
    shippingMethod: chosenShippingMethod(countryOrDefault(typed.country), typed.shippingMethod),
    // What place_order will charge (public.shipping_rates, the catalogue's copy): the choices and summary show it.
    shippingPrices: currentShippingRates().prices,
  });
}

type CheckoutAnswer = SubmissionResult<string[]>;

/**
 * A rate limit's refusal, which the client is to wait out: answered as it is, with its status and Retry-After, never
 * redirected (decision 0028); its message is the form's.
 */
function waitOut(result: CheckoutAnswer, refusal: { message: string; headers: Record<string, string> }) {
  return data(
    { ...result, status: "error" as const, error: { ...result.error, "": [refusal.message] } },
    { status: 429, headers: refusal.headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();

  /**
   * Every answer but a rate limit's. A browser's form post (no JavaScript) gets a 303 back to this page, with what
   * was typed and refused in a flash cookie (decision 0028), so its history holds no POST for Back to replay; a
   * fetcher, or a client that does not say, gets the answer itself with its status.
   */
  const answer = async (
    result: CheckoutAnswer,
    { status, toast, newKey }: { status: number; toast?: ToastInput; newKey?: string },
  ) => {
    if (toast) await setToast(context, toast);
    if (!isDeclaredNavigation(request)) {
      const reply = newKey ? { ...result, initialValue: { ...result.initialValue, idempotencyKey: newKey } } : result;
      return data(reply, { status });
    }
    const values = typedCheckoutValues(formData);
    if (newKey) values.idempotencyKey = newKey;
    const errors = Object.fromEntries(
      Object.entries(result.error ?? {}).flatMap(([name, messages]) => (messages?.length ? [[name, messages]] : [])),
    );
    await setCheckoutFlash(context, { values, errors });
    return redirect(CHECKOUT_PATH, { status: 303 });
  };

  if (formData.get("intent") === UPDATE_SHIPPING) {
    // Without JavaScript: the page again, repriced for the method and country chosen, with everything typed.
    return answer({ initialValue: typedCheckoutValues(formData) }, { status: 200 });
  }
  const discountAnswer = await checkoutDiscountPost(request, context, formData);
  if (discountAnswer) {
    const typed = { initialValue: typedCheckoutValues(formData) };
    if (discountAnswer.status !== 429) return answer(typed, discountAnswer);
    return waitOut(typed, { message: discountAnswer.message ?? "", headers: discountAnswer.headers ?? {} });
  }

  const session = await getSession(request, context);
  // A saved address chosen with the fields untouched ships there (decision 0044).
  const savedAddresses = await shipToChosenAddress(session.member, formData);
  if (savedAddresses === "unavailable") {
    const formErrors = [SAVED_ADDRESSES_UNAVAILABLE];
    return answer(
      { status: "error", initialValue: typedCheckoutValues(formData), error: { "": formErrors } },
      { status: 503 },
    );
  }

  const submission = parseWithZod(formData, { schema: shippingSchema });
  if (submission.status !== "success") {
    // The key is a hidden field: its message goes to the form's, where the shopper sees it.
    const keyErrors = submission.error?.idempotencyKey;
    return answer(submission.reply(keyErrors ? { formErrors: keyErrors } : undefined), { status: 400 });
  }

  // Said on the form, in one place, with everything typed kept (the page answers itself: no toast).
  const refuse = (status: number, formErrors: string[], newKey?: string) =>
    answer(submission.reply({ formErrors }), { status, newKey });
  const refusal = await refusedByRateLimit(context, "checkout");
  if (refusal) return waitOut(submission.reply(), refusal);

  try {
    const placed = await placeOrderFromCart(request, session, submission.value);
    // With card payment (decision 0031) a placed order goes on to the payment page; manual payment confirms it here.
    const outcome = placed.kind === "placed" ? await continueToPayment(request, session, placed) : placed;
    switch (outcome.kind) {
      case "pay":
        await rememberPlacedOrder(request, session, outcome.order, submission.value.idempotencyKey);
        await keepTypedAddress(session.member, formData, outcome.order.shippingAddress, savedAddresses);
        return redirect(outcome.location, { status: 303 });
      case "payment-unavailable":
        return refuse(503, PAYMENT_UNAVAILABLE);
      case "empty-cart":
        // A submitted empty checkout says so in a destructive notice; the page shows the empty cart.
        return answer(submission.reply(), {
          status: 400,
          toast: {
            type: "error",
            title: "Cart is empty",
            description: "Add some items to your cart before checking out.",
          },
        });
      case "refused":
        return refuse(409, [outcome.message]);
      case "discount-dropped":
        // The code stopped applying since the page showed it: removed, nothing ordered, the summary shows why.
        return refuse(409, ["Discount code removed", outcome.message]);
      case "cart-changed":
        // Another session of this member has just ordered this cart (or changed it): nothing was ordered by this
        // post, and the page shows the cart as it is now.
        return outcome.nowEmpty
          ? refuse(409, [
              "Your cart has already been ordered",
              "It was ordered a moment ago, from another window or device. You'll find it in your orders.",
            ])
          : refuse(409, ["Your cart has changed", "Please check your order summary and place your order again."]);
      case "form-already-used":
        // The next try needs a key of its own: this one stands for the earlier order. (Every other refusal keeps the
        // posted key, so that a retry after an answer that never arrived cannot order twice.)
        return refuse(
          409,
          [
            "This form already placed an earlier order",
            "Your cart is unchanged. Please check your details and place your order again.",
          ],
          newIdempotencyKey(),
        );
      case "placed": {
        await rememberPlacedOrder(request, session, outcome.order, submission.value.idempotencyKey);
        await keepTypedAddress(session.member, formData, outcome.order.shippingAddress, savedAddresses);
        await setToast(context, orderPlacedNotice(getEnv().MAIL !== "off"));
        return redirect("/order-success", { status: 303 });
      }
    }
  } catch (error) {
    // Storing the order failed: say so, keep the cart and everything typed.
    console.error("Placing an order failed", isBackendError(error) ? error.code : error);
    return refuse(503, ["Payment failed", "There was an error processing your payment. Please try again."]);
  }
}

/** The idempotency key belongs to this one form: never cached anywhere. Plus the Retry-After of a refusal (429). */
export const headers: HeadersFunction = ({ actionHeaders }) => withRetryAfter(actionHeaders, PRIVATE_HEADERS);

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Checkout",
    description: "Check out securely at Luxe Strands: your shipping details and order summary, then place your order.",
    origin: originFromMatches(matches),
    path: CHECKOUT_PATH,
    noIndex: true,
  });

export default function Checkout() {
  const {
    saved,
    defaultValue,
    constraint,
    lastResult: kept,
    shippingMethod: keptMethod,
    shippingPrices,
  } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  // With JavaScript the action answers in place; without it, the loader carries the last post's answer (a redirect).
  const lastResult = useActionData<typeof action>() ?? kept;
  const busy = useIsPosting(CHECKOUT_PATH);
  const hydrated = useHydrated();
  const [form, fields, firstInvalid, formEngine] = useZodForm({
    id: FORM_ID,
    loadSchema: import.meta.env.SSR
      ? undefined
      : () => import("~/modules/checkout/shipping-schema").then((module) => module.shippingSchema),
    constraint,
    lastResult,
    // A member's names from the profile (the header's member), which they can still change here.
    defaultValue: { ...splitFullName(root?.user?.fullName), ...defaultValue },
  });
  const cart = root?.cart;

  // The shipping choice and the country it depends on, as the page last rendered them, then as the shopper changes
  // them: the summary and the button follow with JavaScript (without it, 'Update shipping' asks the server).
  const renderedCountry = countryOrDefault(fields.country.initialValue);
  const [entered, setEntered] = useState<{ country?: string; method?: string }>({});
  const country = countryOrDefault(entered.country ?? renderedCountry);
  const method = chosenShippingMethod(country, entered.method ?? keptMethod);
  const choices = shippingChoices(shippingPrices, country, cart?.totalAmountCents ?? 0);
  const applied = root?.discount.applied?.applies ? root.discount.applied : null;
  const totals = discountedTotals(checkoutTotals(shippingPrices, cart?.totalAmountCents ?? 0, method), applied);
  const chosen = choices.find((choice) => choice.id === method);

  // A choice made before the framework arrived (it starts on the first touch) is in the page, not in this state yet.
  useEffect(() => {
    const elements = document.forms.namedItem(FORM_ID)?.elements;
    const countryField = elements?.namedItem("country");
    const methodField = elements?.namedItem("shippingMethod");
    setEntered({
      country: countryField instanceof HTMLInputElement ? countryField.value : undefined,
      method: methodField instanceof RadioNodeList && methodField.value ? methodField.value : undefined,
    });
  }, []);
  const noteChoice = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.name === fields.shippingMethod.name) setEntered((current) => ({ ...current, method: target.value }));
  };
  // The country counts once the shopper leaves the field, so the methods do not change under each keystroke.
  const noteCountry = (event: FocusEvent<HTMLFormElement>) => {
    const target = event.target as EventTarget as HTMLInputElement;
    if (target.name === fields.country.name) setEntered((current) => ({ ...current, country: target.value }));
  };

  // Why this post ordered nothing (another session ordered this cart), when that is the reason.
  if (!cart || cart.lines.length === 0) return <EmptyCheckout errorId={form.errorId} errors={form.errors} />;

  const total = formatCents(totals.totalCents);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="font-serif text-4xl text-ink">Checkout</h1>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_24rem]">
        <Form method="post" {...getFormProps(form)} onChange={noteChoice} onBlur={noteCountry} className="space-y-6">
          {formEngine}
          {/* Enter (a phone keyboard's Go) in a field submits through the form's first submit button. Without scripts
              'Update shipping' comes before Place Order, so this hidden Place Order comes first: Enter places the
              order with or without JavaScript. */}
          <button type="submit" hidden disabled={busy} />
          {/* Controlled: a refusal's answer may carry a new key (see the action), which must reach the page. The
              value is conform's once it runs, the answer's (or the page's) before. */}
          <input
            type="hidden"
            name={fields.idempotencyKey.name}
            value={fields.idempotencyKey.value ?? fields.idempotencyKey.initialValue ?? ""}
          />
          {saved && (
            <CheckoutSavedAddresses
              formId={FORM_ID}
              saved={saved}
              kept={lastResult?.initialValue}
              onFill={(address) => setEntered((current) => ({ ...current, country: address.country }))}
            />
          )}
          <CheckoutAddressFields fields={fields} firstInvalid={firstInvalid} />
          {saved?.canSave && <SaveAddressChoice kept={lastResult?.initialValue} />}

          <CheckoutShippingMethods
            field={fields.shippingMethod}
            choices={choices}
            chosen={method}
            firstInvalid={firstInvalid}
            hydrated={hydrated}
            updateShipping={UPDATE_SHIPPING}
          />

          <FormErrors id={form.errorId} errors={form.errors} className="rounded-xl p-4" />
          <button type="submit" className="btn-primary w-full text-base" disabled={busy}>
            {busy ? "Processing..." : `Place Order - ${total}`}
          </button>
        </Form>

        <SummaryWithDiscount lines={cart.lines} totals={totals} method={chosen?.name ?? method} hydrated={hydrated} />
      </div>
    </div>
  );
}

/** The summary, with the discount code's field and line (issue 41): the root loader's view of the applied code. */
function SummaryWithDiscount({
  lines,
  totals,
  method,
  hydrated,
}: {
  lines: Parameters<typeof CheckoutSummary>[0]["lines"];
  totals: DiscountedTotals;
  method: string;
  hydrated: boolean;
}) {
  const discount = useRouteLoaderData<typeof rootLoader>("root")?.discount;
  return (
    <CheckoutSummary
      lines={lines}
      totals={totals}
      shippingMethod={method}
      discountCode={discount?.applied?.applies ? discount.applied.code : null}
      discountField={
        discount?.enabled ? (
          <CheckoutDiscountField
            discount={discount.applied}
            flash={discount.flash}
            formId={FORM_ID}
            hydrated={hydrated}
          />
        ) : null
      }
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
