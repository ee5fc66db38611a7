import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { getBackend } from "~/backend/backend.server";
import { signedInNotice } from "~/modules/account/auth-messages";
import { combineHeaders } from "~/modules/account/combine-headers";
import { redirectSignedIn } from "~/modules/account/sign-in.server";
import { getSession } from "~/utils/auth.server";
import { finishGoogleSignIn, googleSignInMethod } from "~/utils/authenticator.server";
import { redirectWithToast } from "~/utils/toast.server";

/** Google sends the shopper back here (remix-auth-google, on backends without hosted OAuth). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { backend, user } = await getSession(request);
  if ((await googleSignInMethod(await getBackend())) !== "app") return redirect("/auth");
  if (user) return redirect("/", { headers: backend.responseHeaders });

  const outcome = await finishGoogleSignIn(request, { backend, context });
  if (outcome.error) {
    const authPage = outcome.returnTo === "/" ? "/auth" : `/auth?${new URLSearchParams({ redirectTo: outcome.returnTo })}`;
    return redirectWithToast(
      authPage,
      { type: "error", title: "Error", description: outcome.error.message },
      { headers: combineHeaders(outcome.headers, backend.responseHeaders) },
    );
  }
  return redirectSignedIn(request, {
    backend,
    user: outcome.user,
    redirectTo: outcome.returnTo,
    notice: signedInNotice,
    headers: outcome.headers,
  });
}
