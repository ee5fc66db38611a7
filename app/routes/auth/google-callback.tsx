import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

import { getBackend } from "~/backend/backend.server";
import { signedInNotice } from "~/modules/auth/auth-messages";
import { finishGoogleSignIn, googleSignInMethod } from "~/modules/auth/authenticator.server";
import { getSession } from "~/modules/auth/session.server";
import { redirectSignedIn } from "~/modules/auth/sign-in.server";
import { redirectWithToast } from "~/toast/toast.server";

/** Google sends the shopper back here (remix-auth-google, on backends without hosted OAuth). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { backend, user } = await getSession(request, context);
  if ((await googleSignInMethod(await getBackend())) !== "app") return redirect("/auth");
  if (user) return redirect("/");

  const outcome = await finishGoogleSignIn(request, { backend, context });
  if (outcome.error) {
    const authPage =
      outcome.returnTo === "/" ? "/auth" : `/auth?${new URLSearchParams({ redirectTo: outcome.returnTo })}`;
    return redirectWithToast(context, authPage, { type: "error", title: "Error", description: outcome.error.message });
  }
  return redirectSignedIn(request, context, { backend, redirectTo: outcome.returnTo, notice: signedInNotice });
}
