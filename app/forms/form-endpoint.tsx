import { useLocation } from "@remix-run/react";

// The browser half of the form-endpoint kit (decision 0019); `respond()` in form-endpoint.server.ts is the other.

/** The field naming the page a plain (no-JavaScript) post returns to; the action checks it with safeRedirect. */
export const RETURN_TO_FIELD = "redirectTo";

/** What a fetcher gets back from a form endpoint: whether the change was made and, if not, what to say by the form. */
export interface FormAnswer {
  ok: boolean;
  error?: string;
}

/** The hidden field sending a plain post back to `to`, by default the page the form is on (its query kept). */
export function ReturnToField({ to }: { to?: string }) {
  const location = useLocation();
  return <input type="hidden" name={RETURN_TO_FIELD} value={to ?? `${location.pathname}${location.search}`} />;
}

/** The message of a fetcher's last answer once it has landed (none while a newer request is on its way). */
export function answerError(fetcher: { state: string; data?: FormAnswer }): string | undefined {
  return fetcher.state === "idle" && fetcher.data?.ok === false ? fetcher.data.error : undefined;
}
