import { data, redirect } from "@remix-run/node";

import { RETURN_TO_FIELD, type FormAnswer } from "~/forms/form-endpoint";
import type { ResponseJar } from "~/http/cookies.server";
import { refererPath, safeRedirect } from "~/http/safe-redirect";
import type { ToastInput } from "~/toast/toast";
import { setToast } from "~/toast/toast.server";

/** One answer of a form endpoint, said once for both kinds of post. */
export interface Reply<Extra extends object> {
  /** 200 unless said; a fetcher reads `ok: status < 400`. */
  status?: number;
  /** For the one Toaster, in the flash cookie (decision 0017), after either kind of post. */
  toast?: ToastInput | null;
  /** What a fetcher's form shows beside itself; by default an error toast's description. */
  error?: string;
  /** More for a fetcher, beside `ok` and `error` (the wishlist's `inWishlist`). */
  data?: Extra;
  /** Headers of either answer other than cookies (Retry-After): cookies go into the request's cookie jar. */
  headers?: HeadersInit;
  /**
   * For an answer a plain post's page shows on its form rather than in a toast (decision 0017): what sets the
   * form's flash cookie, and the id of the form's section to land on. A fetcher gets the same message as `error`.
   */
  formFlash?: { set: () => Promise<void>; anchor: string };
  /**
   * The id of the element a plain post's page should show on its return (the product card whose Add to Cart was
   * pressed), so that a reload does not lose the shopper's place in a long page. A page without it stays at the top.
   */
  landOn?: string;
}

/**
 * Whether the browser says this post is a form navigation (`Sec-Fetch-Mode: navigate`, which current browsers send
 * over https and on localhost), as opposed to a fetcher's request or a client that says nothing. A page that answers
 * its own form (the checkout, decision 0028) redirects only such posts (post/redirect/get, so Back never offers to
 * send a failed post again) and answers the others itself, with the status that says what happened.
 */
export function isDeclaredNavigation(request: Request): boolean {
  return request.headers.get("Sec-Fetch-Mode") === "navigate";
}

/**
 * The answer of an action that a form posts to with or without JavaScript (decision 0019). A fetcher gets
 * `data({ ok, error, ...extra })` with the status and headers, and updates in place; a plain HTML post gets a
 * 303 back to the page it came from: the form's `redirectTo` field, else the Referer, else `fallback`, all on
 * this site. Bind it once per request: `const respond = formResponder(request, context, formData, "/cart")`.
 */
export function formResponder(request: Request, context: ResponseJar, formData: FormData, fallback: string) {
  const returnTo = safeRedirect(formData.get(RETURN_TO_FIELD), refererPath(request, fallback));
  // Browsers mark form navigations; Remix's fetchers use fetch(), which is not a navigation.
  const isNavigation = (request.headers.get("Sec-Fetch-Mode") ?? "navigate") === "navigate";

  return async function respond<Extra extends object = object>({
    status = 200,
    toast,
    error,
    data: extra,
    headers,
    formFlash,
    landOn,
  }: Reply<Extra> = {}) {
    if (toast) await setToast(context, toast);
    if (isNavigation) {
      await formFlash?.set();
      const anchor = formFlash?.anchor ?? landOn;
      return redirect(anchor ? `${returnTo.split("#")[0]}#${anchor}` : returnTo, { status: 303, headers });
    }
    const message = error ?? (toast?.type === "error" ? toast.description : undefined);
    const answer: FormAnswer = message === undefined ? { ok: status < 400 } : { ok: status < 400, error: message };
    return data({ ...answer, ...(extra as Extra) }, { status, headers });
  };
}
