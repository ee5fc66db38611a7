import { parseWithZod } from "@conform-to/zod/v3";
import { data, type ActionFunctionArgs } from "@remix-run/node";

import { getBackend } from "~/backend/backend.server";
import { isBackendError } from "~/backend/errors";
import { getOrigin } from "~/http/origin.server";
import { safeRedirect } from "~/http/safe-redirect";
import { carryTypedEmail } from "~/modules/auth/auth-flash.server";
import {
  accountCreatedNotice,
  addressConfirmationLanding,
  authFailureHeaders,
  authFailureStatus,
  signedInNotice,
} from "~/modules/auth/auth-messages";
import { AuthFormSchema } from "~/modules/auth/auth-schemas";
import { signInWithPasswordForm } from "~/modules/auth/authenticator.server";
import { requireAnonymous } from "~/modules/auth/session.server";
import { redirectSignedIn } from "~/modules/auth/sign-in.server";
import { refusedByRateLimit } from "~/modules/limits/rate-limits.server";

/**
 * Sign In and Sign Up, one form with an `intent`. Success redirects (303) with a toast in the flash
 * cookie. Anything the page answers itself (a failure: conform's result, e-mail kept, password cleared, the
 * backend's message; or "check your email") shows on the form only, in one place, not also as a toast.
 */
export async function authAction({ request, context }: ActionFunctionArgs) {
  // Login CSRF (another site's form signing the shopper into an account of its choosing) is refused before Remix,
  // with every other cross-site post: server/request-guards.js reads Origin and Sec-Fetch-Site.
  const { backend } = await requireAnonymous(request, context);
  // remix-auth copies the Request, body included: read the form from a clone and hand it over in context.
  const formData = await request.clone().formData();
  const submission = parseWithZod(formData, { schema: AuthFormSchema });
  const redirectTo = safeRedirect(formData.get("redirectTo"), "/");
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), notice: null }, { status: 400 });
  }

  const { intent, email, password } = submission.value;
  // "Forgot password?" after a failed sign-in opens with the address typed here, without JavaScript too: a flash
  // cookie (read by /forgot-password), so that the address stays out of the URL.
  const carryAddress = async (headers?: HeadersInit) => {
    if (intent === "signin") await carryTypedEmail(context, email);
    return headers;
  };
  const refusal = await refusedByRateLimit(context, intent === "signin" ? "signIn" : "signUp");
  if (refusal) {
    return data(
      {
        result: submission.reply({ formErrors: [refusal.message], hideFields: ["password"] }),
        notice: null,
      },
      { status: 429, headers: await carryAddress(refusal.headers) },
    );
  }
  try {
    if (intent === "signin") {
      await signInWithPasswordForm(request, { backend, formData, context });
      return await redirectSignedIn(request, context, { backend, redirectTo, notice: signedInNotice });
    }
    const { capabilities } = await getBackend();
    const { signedIn } = await backend.auth.signUp({
      email,
      password,
      // Where the confirmation link lands; with MAIL=off our own backends sign the new account in at once.
      emailRedirectTo: addressConfirmationLanding(getOrigin(request)),
    });
    const notice = accountCreatedNotice({ signedIn, sendsEmail: capabilities.sendsEmail });
    if (signedIn) return await redirectSignedIn(request, context, { backend, redirectTo, notice });
    return data({ result: submission.reply({ hideFields: ["password"] }), notice });
  } catch (error) {
    if (!isBackendError(error)) throw error;
    return data(
      {
        result: submission.reply({ formErrors: [error.message], hideFields: ["password"] }),
        notice: null,
        // The right password for an address not confirmed yet: the page offers to send the link again (decision 0016).
        unconfirmedEmail: error.code === "email_not_confirmed" ? email : null,
      },
      { status: authFailureStatus(error.code), headers: await carryAddress(authFailureHeaders(error)) },
    );
  }
}
