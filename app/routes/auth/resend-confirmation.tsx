import { parseWithZod } from "@conform-to/zod/v3";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { backendFor } from "~/backend/backend.server";
import { isBackendError } from "~/backend/errors";
import { REPEATED_FIELD_MESSAGE } from "~/forms/form-text";
import { getOrigin } from "~/http/origin.server";
import { safeRedirect } from "~/http/safe-redirect";
import { carryTypedEmail } from "~/modules/auth/auth-flash.server";
import { addressConfirmationLanding } from "~/modules/auth/auth-messages";
import { ForgotPasswordSchema } from "~/modules/auth/auth-schemas";
import { refusedByRateLimit } from "~/modules/limits/rate-limits.server";
import type { ToastInput } from "~/toast/toast";
import { redirectWithToast } from "~/toast/toast.server";

export function loader() {
  return redirect("/auth");
}

/**
 * "Resend confirmation email" (decision 0016). The same answer whatever the address: unknown, already confirmed, or
 * asked for less than a minute ago (the backend sends at most one link a minute). Every answer is a toast on
 * /auth, whose sign-in form shows the address again (a flash cookie: never in the URL).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ForgotPasswordSchema });
  const redirectTo = safeRedirect(formData.get("redirectTo"), "/");
  const back = redirectTo === "/" ? "/auth" : `/auth?${new URLSearchParams({ redirectTo })}`;
  await carryTypedEmail(context, formData.get("email"));
  const answer = (toast: ToastInput, headers?: Record<string, string>) =>
    redirectWithToast(context, back, toast, { headers });

  if (submission.status !== "success") {
    // Say what is wrong: a crafted post that sends the address twice is not a badly typed address.
    const repeated = submission.error?.email?.includes(REPEATED_FIELD_MESSAGE);
    return answer({
      type: "error",
      title: "Error",
      description: repeated ? REPEATED_FIELD_MESSAGE : "Please enter a valid email address.",
    });
  }
  // Answered like every other outcome here, as a toast on /auth: this endpoint has no page to show a 429 on.
  const refusal = await refusedByRateLimit(context, "resendConfirmation");
  if (refusal) return answer({ type: "error", title: "Error", description: refusal.message }, refusal.headers);
  const backend = await backendFor(request, context);
  try {
    await backend.auth.resendConfirmation({
      email: submission.value.email,
      emailRedirectTo: addressConfirmationLanding(getOrigin(request)),
    });
  } catch (error) {
    if (!isBackendError(error)) throw error;
    return answer({ type: "error", title: "Error", description: error.message });
  }
  return answer({
    title: "Check your email",
    description: "If this address is waiting for confirmation, a new link is on its way.",
  });
}
