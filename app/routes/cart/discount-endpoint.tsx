import { redirect, type ActionFunctionArgs, type HeadersFunction } from "@remix-run/node";
import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";

import { answerError, ReturnToField } from "~/forms/form-endpoint";
import { formResponder } from "~/forms/form-endpoint.server";
import { getSession } from "~/modules/auth/session.server";
import { loadCart } from "~/modules/cart/cart-store.server";
import {
  applyTypedCode,
  customerOf,
  forgetAppliedCode,
  setDiscountFlash,
  type CartDiscountView,
  type DiscountFlash,
} from "~/modules/discounts/cart-discount.server";
import {
  CHECKOUT_APPLY_DISCOUNT,
  CHECKOUT_DISCOUNT_FIELD,
  CHECKOUT_REMOVE_DISCOUNT,
} from "~/modules/discounts/checkout-fields";
import { withRetryAfter } from "~/modules/limits/rate-limit";
import { formatCents } from "~/modules/money";

// The cart's discount-code endpoint (issue 41, decision 0042) and the form that posts to it, in the cart panel and on
// the /cart page: apply a code, or remove the one applied. The path, the field names and the answer live here
// (decision 0019). This module is in every page's first load (the header's cart): no zod, nothing heavy.

export const DISCOUNT_ACTION = "/cart/discount";
const APPLY = "apply";
const REMOVE = "remove";

/** The most of a typed code the form keeps (a code has at most 40 characters). */
const TYPED_MAX = 60;

/** A fetcher's refusal past the limit carries its Retry-After too (Remix passes an action's headers on only here). */
export const headers: HeadersFunction = ({ actionHeaders }) => withRetryAfter(actionHeaders);

/** Nothing to show here: the form lives in the cart. */
export function loader() {
  return redirect("/cart");
}

/**
 * A plain HTML post gets a 303 back to the page it came from: a toast when the code is applied or removed, else the
 * message and the code as typed for the form there (a flash cookie, which the root loader reads after a fetcher's post
 * too). A fetcher gets { ok, error } and the cart's revalidation shows the rest.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const respond = formResponder(request, context, formData, "/cart");
  const intent = formData.get("intent");
  const session = await getSession(request, context);

  if (intent === REMOVE) {
    await forgetAppliedCode(context);
    return respond({
      toast: { title: "Discount removed", description: "The discount code was removed from your cart." },
    });
  }
  if (intent !== APPLY) {
    return respond({ status: 400, toast: { type: "error", title: "Error", description: "Unknown discount action." } });
  }
  const typedValue = formData.getAll("code");
  const typed = typedValue.length === 1 && typeof typedValue[0] === "string" ? typedValue[0].slice(0, TYPED_MAX) : "";
  const { summary } = await loadCart(request, session);
  // The checkout's field sends the address typed there: a code used once per customer is checked against it.
  const email = formData.get("email");
  const outcome = await applyTypedCode(
    context,
    typed,
    summary.lines,
    customerOf(session.user, typeof email === "string" ? email.slice(0, 320) : null),
  );
  if (outcome.kind === "refused") {
    const error = outcome.message;
    return respond({
      status: outcome.status,
      error,
      headers: outcome.headers,
      formFlash: { set: () => setDiscountFlash(context, { error, typed }), anchor: "discount-code" },
    });
  }
  return respond({
    toast: {
      title: "Discount applied",
      description: `${outcome.view.code}: ${outcome.view.description}${
        outcome.view.applies && outcome.view.freeShipping ? " at checkout" : ""
      }.`,
    },
  });
}

/**
 * The cart's discount code: the code applied (with what it gives, or why it does not apply to the cart as it is) and
 * a Remove button, or the field to apply one. Without JavaScript it posts and comes back to this page; with it a
 * fetcher posts in place.
 */
export function CartDiscountForm({
  discount,
  flash,
  redirectTo,
}: {
  discount: CartDiscountView | null;
  /** The last plain post's message and typed code (the root loader's flash). */
  flash: DiscountFlash | null;
  redirectTo: string;
}) {
  const field = useCodeField(flash);
  const { fetcher } = field;
  const formRef = useRef<HTMLFormElement>(null);
  const answered = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (answered?.ok) formRef.current?.reset();
  }, [answered]);

  if (discount) {
    return (
      <AppliedCode discount={discount} className="bg-sand-50">
        <fetcher.Form method="post" action={DISCOUNT_ACTION}>
          <ReturnToField to={redirectTo} />
          <input type="hidden" name="intent" value={REMOVE} />
          <RemoveButton code={discount.code} />
        </fetcher.Form>
      </AppliedCode>
    );
  }
  return (
    <fetcher.Form ref={formRef} id="discount-code" method="post" action={DISCOUNT_ACTION} noValidate>
      <ReturnToField to={redirectTo} />
      <input type="hidden" name="intent" value={APPLY} />
      <CodeInput field={field} input={{ name: "code", className: "input" }} />
    </fetcher.Form>
  );
}

/** The code applied: what it gives, or why it does not apply to the cart as it is, and its Remove control. */
function AppliedCode({
  discount,
  className,
  children,
}: {
  discount: CartDiscountView;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <div
      id="discount-code"
      className={`rounded-xl border border-sand-200 p-3 text-sm ${className}`}
      data-testid="applied-code"
    >
      <div className="flex items-center justify-between gap-2">
        <p className="min-w-0">
          <span className="font-mono font-semibold text-ink">{discount.code}</span>{" "}
          <span className="text-ink-muted">· {discount.description}</span>
        </p>
        {children}
      </div>
      {discount.applies ? null : (
        <p className="mt-1 text-red-800" data-testid="discount-problem">
          {discount.message}
        </p>
      )}
    </div>
  );
}

function RemoveButton({ code, ...attributes }: { code: string } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="submit"
      {...attributes}
      className="min-h-11 px-2 text-sm text-ink-muted underline hover:text-brand-700"
      aria-label={`Remove the discount code ${code}`}
    >
      Remove
    </button>
  );
}

/** One fetcher for the code, wherever its field is (the cart panel, /cart, the checkout). */
function useDiscountFetcher() {
  return useFetcher<typeof action>({ key: "cart-discount" });
}

/**
 * The checkout's discount code, beside its summary. Its controls belong to the checkout form (`form`), so that without
 * JavaScript Apply and Remove post the whole form and the checkout's action keeps everything typed; with JavaScript
 * they post to this endpoint in place (the form's own submit would check every field first), with the address typed.
 */
export function CheckoutDiscountField({
  discount,
  flash,
  formId,
  hydrated,
}: {
  discount: CartDiscountView | null;
  flash: DiscountFlash | null;
  /** The checkout form's id. */
  formId: string;
  hydrated: boolean;
}) {
  const field = useCodeField(flash);
  const { fetcher } = field;
  const inputRef = useRef<HTMLInputElement>(null);
  const post = (fields: Record<string, string>) => {
    const form = document.forms.namedItem(formId);
    const email = form?.elements.namedItem("email");
    fetcher.submit(
      { ...fields, email: email instanceof HTMLInputElement ? email.value : "", redirectTo: "/checkout" },
      { method: "post", action: DISCOUNT_ACTION },
    );
  };
  const apply = (event: { preventDefault(): void }) => {
    if (!hydrated) return;
    event.preventDefault();
    post({ intent: APPLY, code: inputRef.current?.value ?? "" });
  };

  if (discount) {
    return (
      <AppliedCode discount={discount} className="mt-4 bg-white">
        <RemoveButton
          code={discount.code}
          form={formId}
          name="intent"
          value={CHECKOUT_REMOVE_DISCOUNT}
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            post({ intent: REMOVE });
          }}
        />
      </AppliedCode>
    );
  }
  return (
    <div id="discount-code" className="mt-4">
      <CodeInput
        field={field}
        inputRef={inputRef}
        input={{
          form: formId,
          name: CHECKOUT_DISCOUNT_FIELD,
          className: "input bg-white",
          // Enter applies the code here (without JavaScript the checkout's action does so for a typed code).
          onKeyDown: (event) => {
            if (event.key === "Enter") apply(event);
          },
        }}
        apply={{ form: formId, name: "intent", value: CHECKOUT_APPLY_DISCOUNT, onClick: apply }}
      />
    </div>
  );
}

/** A code field's state: its fetcher, its ids, and its message (the fetcher's answer, else the last plain post's). */
function useCodeField(flash: DiscountFlash | null) {
  const fetcher = useDiscountFetcher();
  const inputId = useId();
  const errorId = useId();
  const usedFetcher = fetcher.state !== "idle" || fetcher.data !== undefined;
  const error = answerError(fetcher) ?? (usedFetcher ? null : (flash?.error ?? null));
  return { fetcher, inputId, errorId, error, typed: usedFetcher ? undefined : (flash?.typed ?? "") };
}

/** The label, the code's input and its Apply button, and the message under them: the cart's field and the checkout's. */
function CodeInput({
  field: { fetcher, inputId, errorId, error, typed },
  inputRef,
  input,
  apply,
}: {
  field: ReturnType<typeof useCodeField>;
  inputRef?: React.Ref<HTMLInputElement>;
  input: React.InputHTMLAttributes<HTMLInputElement>;
  apply?: React.ButtonHTMLAttributes<HTMLButtonElement>;
}) {
  return (
    <>
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        Discount code
      </label>
      <div className="mt-1 flex gap-2">
        <input
          {...input}
          ref={inputRef}
          id={inputId}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={TYPED_MAX}
          defaultValue={typed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button
          {...apply}
          type="submit"
          aria-label="Apply discount code"
          className="btn-outline shrink-0 px-5"
          disabled={fetcher.state === "submitting"}
        >
          Apply
        </button>
      </div>
      <p id={errorId} className="mt-1 min-h-5 text-sm text-red-800" aria-live="polite" data-testid="discount-error">
        {error}
      </p>
    </>
  );
}

/** "−$15.00": a discount as the totals show it. */
export function discountAmount(cents: number): string {
  return `−${formatCents(cents)}`;
}
