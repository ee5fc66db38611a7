import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";

import { backendFor } from "~/backend/backend.server";
import { isBackendError } from "~/backend/errors";
import { answerError, ReturnToField } from "~/forms/form-endpoint";
import { formResponder } from "~/forms/form-endpoint.server";
import { refusedByRateLimit } from "~/modules/limits/rate-limits.server";
import { EMAIL_MAX_LENGTH, HONEYPOT_FIELD, INVALID_EMAIL_MESSAGE } from "~/modules/newsletter/newsletter-fields";
import { setNewsletterFlash, type NewsletterFlash } from "~/modules/newsletter/newsletter-flash.server";
import { parseNewsletterForm, subscribedNotice } from "~/modules/newsletter/newsletter-form";
import { getEnv } from "~/site/env.server";

// The newsletter endpoint and the footer's form that posts to it: the path, the field names and the answer live
// here (decision 0019). The root layout draws the form on every page: nothing here may load zod in the browser.

const NEWSLETTER_ACTION = "/newsletter";

/** The form lives in the footer of every page; there is nothing to show here. */
export function loader() {
  return redirect("/#newsletter");
}

/**
 * A plain HTML post gets a 303 back to the page it came from: a toast on success, or the message and the typed
 * address (flash cookie) for the form on that page. A fetcher gets data.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const respond = formResponder(request, context, formData, "/");

  // Back to the form at the foot of the page, where the message is.
  const refuse = (status: number, error: string, typed: string, headers?: HeadersInit) =>
    respond({
      status,
      error,
      data: { typed },
      headers,
      formFlash: { set: () => setNewsletterFlash(context, { error, typed }), anchor: "newsletter" },
    });

  const submission = parseNewsletterForm(formData);
  if (submission.kind === "invalid") return refuse(400, submission.error, submission.typed);
  // The honeypot's posts count too: a bot that is never refused would learn which of its posts were caught.
  const refusal = await refusedByRateLimit(context, "newsletter");
  if (refusal) {
    return refuse(429, refusal.message, submission.kind === "subscribe" ? submission.email : "", refusal.headers);
  }
  if (submission.kind === "subscribe") {
    try {
      await (await backendFor(request, context)).newsletter.subscribe({ email: submission.email });
    } catch (error) {
      if (isBackendError(error, "invalid_input")) return refuse(400, INVALID_EMAIL_MESSAGE, submission.email);
      if (isBackendError(error, "unavailable")) {
        return refuse(503, "We could not subscribe you right now. Please try again.", submission.email);
      }
      throw error;
    }
  }
  // A bot that filled the honeypot gets the same answer as a subscriber, so it learns nothing.
  return respond({ toast: subscribedNotice(getEnv().MAIL !== "off") });
}

/**
 * The footer's subscribe form. Without JavaScript it posts and comes back to this page: a toast on success,
 * or the message next to the field with the address as typed (the root loader reads them from a flash
 * cookie, passed in as `flash`). With JavaScript the input's own rules (type="email", required) are checked before sending, with our
 * message instead of the browser's bubble, and a fetcher sends it in place; the action checks it fully (zod stays
 * on the server: this form is on every page).
 */
export function NewsletterForm({ flash }: { flash: NewsletterFlash | null }) {
  const fetcher = useFetcher<typeof action>({ key: "newsletter" });
  const formRef = useRef<HTMLFormElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  // The flash belongs to a plain post; once the fetcher has been used, its answer is the current one.
  const usedFetcher = fetcher.state !== "idle" || fetcher.data !== undefined;
  const error = clientError ?? answerError(fetcher) ?? (usedFetcher ? null : (flash?.error ?? null));

  useEffect(() => {
    if (answer?.ok) formRef.current?.reset();
  }, [answer]);

  return (
    <section id="newsletter" aria-labelledby="newsletter-heading" className="mt-6 max-w-sm">
      <h2 id="newsletter-heading" className="text-sm font-semibold uppercase tracking-wide text-ink">
        Newsletter
      </h2>
      <p className="mt-2 text-sm text-ink-muted">New arrivals, care tips and offers, about once a month.</p>
      <fetcher.Form
        ref={formRef}
        method="post"
        action={NEWSLETTER_ACTION}
        // Our message, in our words, with and without JavaScript, instead of each browser's own bubble.
        noValidate
        onSubmit={(event) => {
          const input = event.currentTarget.elements.namedItem("email");
          if (!(input instanceof HTMLInputElement) || input.checkValidity()) {
            setClientError(null);
            return;
          }
          event.preventDefault();
          setClientError(INVALID_EMAIL_MESSAGE);
          input.focus();
        }}
        className="relative mt-3"
      >
        <ReturnToField />
        {/* Not 'Email': the checkout and sign-in forms above own that label, and voice control needs it unique. */}
        <label htmlFor={inputId} className="text-sm font-medium text-ink">
          E-mail address
        </label>
        <div className="mt-2 flex gap-2">
          <input
            id={inputId}
            type="email"
            name="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            placeholder="Enter your email"
            defaultValue={flash?.typed ?? ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="input"
          />
          <button type="submit" className="btn-primary shrink-0 px-5" disabled={fetcher.state === "submitting"}>
            Subscribe
          </button>
        </div>
        <p id={errorId} className="mt-2 min-h-5 text-sm text-red-800" aria-live="polite" data-testid="newsletter-error">
          {error}
        </p>
        {/* Left empty by people (hidden from sight, screen readers, the tab order and autofill); bots fill it in. */}
        <div aria-hidden className="absolute -left-[10000px] size-px overflow-hidden">
          <label htmlFor={`${inputId}-${HONEYPOT_FIELD}`}>Company</label>
          <input
            id={`${inputId}-${HONEYPOT_FIELD}`}
            type="text"
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
      </fetcher.Form>
    </section>
  );
}
