import { data, type ActionFunctionArgs, redirect } from "@remix-run/node";
import { backendFor } from "~/backend/backend.server";
import { isBackendError } from "~/backend/errors";
import { INVALID_EMAIL_MESSAGE, parseNewsletterForm, subscribedToast } from "~/modules/newsletter/newsletter-form";
import { newsletterFlashHeader } from "~/modules/newsletter/newsletter-flash.server";
import { refererPath, safeRedirect } from "~/utils/safe-redirect";
import { toastHeader } from "~/utils/toast.server";

/** The form lives in the footer of every page; there is nothing to show here. */
export function loader() {
  return redirect("/#newsletter");
}

/**
 * The footer's subscribe form. A plain HTML post gets a 303 back to the page it came from: a toast on
 * success, or the message and the typed address (flash cookie) for the form on that page. A fetcher gets data.
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const returnTo = safeRedirect(formData.get("redirectTo"), refererPath(request, "/"));
  const isNavigation = (request.headers.get("Sec-Fetch-Mode") ?? "navigate") === "navigate";

  const refuse = async (status: number, error: string, typed: string) => {
    if (!isNavigation) return data({ ok: false as const, error, typed }, { status });
    const headers = new Headers([["Set-Cookie", await newsletterFlashHeader({ error, typed })]]);
    // Back to the form at the foot of the page, where the message is.
    return redirect(`${returnTo.split("#")[0]}#newsletter`, { status: 303, headers });
  };

  const submission = parseNewsletterForm(formData);
  if (submission.kind === "invalid") return refuse(400, submission.error, submission.typed);
  if (submission.kind === "subscribe") {
    try {
      await (await backendFor(request)).newsletter.subscribe({ email: submission.email });
    } catch (error) {
      if (isBackendError(error, "invalid_input")) return refuse(400, INVALID_EMAIL_MESSAGE, submission.email);
      if (isBackendError(error, "unavailable")) {
        return refuse(503, "We could not subscribe you right now. Please try again.", submission.email);
      }
      throw error;
    }
  }
  // A bot that filled the honeypot gets the same answer as a subscriber, so it learns nothing.
  const headers = new Headers([["Set-Cookie", await toastHeader(subscribedToast)]]);
  if (isNavigation) return redirect(returnTo, { status: 303, headers });
  return data({ ok: true as const }, { headers });
}
