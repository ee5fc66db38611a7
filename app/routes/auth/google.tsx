import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

import { getBackend } from "~/backend/backend.server";
import { isBackendError } from "~/backend/errors";
import { getOrigin } from "~/http/origin.server";
import { safeRedirect } from "~/http/safe-redirect";
import { googleSignInMethod, startGoogleSignIn } from "~/modules/auth/authenticator.server";
import { requireAnonymous } from "~/modules/auth/session.server";
import { redirectWithToast } from "~/toast/toast.server";

/**
 * 'Continue with Google' is a plain link here (GET), answered with a redirect to Google: the CSP's
 * form-action would block a form whose redirect leaves the site. Where Google sign-in is not set up,
 * the shopper is told so instead.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { backend } = await requireAnonymous(request, context);
  const returnTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/");
  const authPage = returnTo === "/" ? "/auth" : `/auth?${new URLSearchParams({ redirectTo: returnTo })}`;
  const method = await googleSignInMethod(await getBackend());

  try {
    switch (method) {
      case "hosted": {
        const callback = `${getOrigin(request)}/auth/callback?${new URLSearchParams({ next: returnTo })}`;
        const { url } = await backend.auth.startOAuth({ provider: "google", redirectTo: callback });
        // The PKCE code verifier's cookie reaches the response through the load context.
        return redirect(url);
      }
      case "app":
        return await startGoogleSignIn(request, { returnTo, context });
      case "unavailable":
        return redirectWithToast(context, authPage, {
          type: "info",
          title: "Google sign-in unavailable",
          description: "Google sign-in is not set up for this shop yet. Please use your email and password.",
        });
    }
  } catch (error) {
    if (!isBackendError(error)) throw error;
    return redirectWithToast(context, authPage, { type: "error", title: "Error", description: error.message });
  }
}
