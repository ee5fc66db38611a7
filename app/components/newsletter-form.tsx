import { useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { EMAIL_MAX_LENGTH, HONEYPOT_FIELD, INVALID_EMAIL_MESSAGE } from "~/modules/newsletter/newsletter-fields";
import type { loader as rootLoader } from "~/root";
import type { action as newsletterAction } from "~/routes/newsletter";

/**
 * The footer's subscribe form. Without JavaScript it posts and comes back to this page: a toast on success,
 * or the message next to the field with the address as typed (the root loader reads them from a flash
 * cookie). With JavaScript the input's own rules (type="email", required) are checked before sending, with our
 * message instead of the browser's bubble, and a fetcher sends it in place; the action checks it fully (zod stays
 * on the server: this form is on every page).
 */
export function NewsletterForm() {
  const fetcher = useFetcher<typeof newsletterAction>({ key: "newsletter" });
  const flash = useRouteLoaderData<typeof rootLoader>("root")?.newsletter ?? null;
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const serverError = answer && !answer.ok ? answer.error : null;
  // The flash belongs to a plain post; once the fetcher has been used, its answer is the current one.
  const usedFetcher = fetcher.state !== "idle" || fetcher.data !== undefined;
  const error = clientError ?? serverError ?? (usedFetcher ? null : (flash?.error ?? null));

  useEffect(() => {
    if (answer?.ok) formRef.current?.reset();
  }, [answer]);

  return (
    <section id="newsletter" aria-labelledby="newsletter-heading" className="mt-6 max-w-sm">
      <h2 id="newsletter-heading" className="text-sm font-semibold tracking-wide text-ink uppercase">
        Newsletter
      </h2>
      <p className="mt-2 text-sm text-ink-muted">New arrivals, care tips and offers, about once a month.</p>
      <fetcher.Form
        ref={formRef}
        method="post"
        action="/newsletter"
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
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
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
          <input id={`${inputId}-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
      </fetcher.Form>
    </section>
  );
}
