import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { backendFor } from "~/backend/backend.server";
import { isBackendError } from "~/backend/errors";
import { safeRedirect } from "~/http/safe-redirect";
import { signedOutNotice } from "~/modules/auth/auth-messages";
import { redirectWithToast } from "~/toast/toast.server";

/** Signing out changes state, so it is a POST (the header menu's form); a GET just goes home. */
export async function loader() {
  return redirect("/");
}

/**
 * Ends the session on the backend and clears its cookie. A cross-site POST carries no session cookie
 * (SameSite=Lax), so it cannot sign anyone out.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  // Home, or (same-site only) where the form says: an e-mailed link for another account signs out and goes on to it.
  const redirectTo = safeRedirect((await request.formData()).get("redirectTo"), "/");
  const backend = await backendFor(request, context);
  try {
    await backend.auth.signOut();
  } catch (error) {
    if (!isBackendError(error)) throw error;
    return redirectWithToast(context, "/", { type: "error", title: "Error", description: error.message });
  }
  return redirectWithToast(context, redirectTo, { ...signedOutNotice, type: "success" });
}
