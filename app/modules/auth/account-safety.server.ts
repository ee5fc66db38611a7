import { parseWithZod } from "@conform-to/zod/v3";
import { data, type AppLoadContext } from "@remix-run/node";

import { isBackendError } from "~/backend/errors";
import type { AuthUser } from "~/backend/ports/auth";
import type { RequestBackend } from "~/backend/ports/backend";
import type { ResponseJar } from "~/http/cookies.server";
import { authFailureHeaders, authFailureStatus } from "~/modules/auth/auth-messages";
import { ChangePasswordSchema } from "~/modules/auth/auth-schemas";
import { refusedByAccountRateLimit, refusedByRateLimit } from "~/modules/limits/rate-limits.server";
import { redirectWithToast } from "~/toast/toast.server";

const passwordFields = ["currentPassword", "password", "confirmPassword"];

/**
 * The profile's password form: the current password must be right (a stolen session alone cannot take the
 * account over). A refusal is said on the form only. Success ends the other sessions (the port's rule) and goes back to the profile.
 */
export async function changePassword(
  { backend, user, context }: { backend: RequestBackend; user: AuthUser; context: AppLoadContext },
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
  if (submission.status !== "success") {
    return data(
      { form: "password" as const, result: submission.reply({ hideFields: passwordFields }) },
      { status: 400 },
    );
  }
  // Each try is a guess at the current password, past sign-in's limits: counted per client, and per account for a
  // session guessing from many addresses.
  const refusal =
    (await refusedByRateLimit(context, "changePassword")) ??
    (await refusedByAccountRateLimit(user.id, "changePassword"));
  if (refusal) {
    return data(
      {
        form: "password" as const,
        result: submission.reply({ formErrors: [refusal.message], hideFields: passwordFields }),
      },
      { status: 429, headers: refusal.headers },
    );
  }
  try {
    await backend.auth.changePassword({
      currentPassword: submission.value.currentPassword,
      password: submission.value.password,
    });
  } catch (error) {
    if (!isBackendError(error)) throw error;
    const wrongCurrent = error.code === "invalid_credentials";
    return data(
      {
        form: "password" as const,
        result: submission.reply({
          ...(wrongCurrent ? { fieldErrors: { currentPassword: [error.message] } } : { formErrors: [error.message] }),
          hideFields: passwordFields,
        }),
      },
      { status: authFailureStatus(error.code), headers: authFailureHeaders(error) },
    );
  }
  return redirectWithToast(context, "/profile", {
    title: "Password changed",
    description: "Your new password is set. Your other devices have been signed out.",
  });
}

/** 'Sign out everywhere': every session of the account ends, this one too; other devices meet /auth next. */
export async function signOutEverywhere(backend: RequestBackend, context: ResponseJar) {
  try {
    await backend.auth.signOutEverywhere();
  } catch (error) {
    if (!isBackendError(error)) throw error;
    return redirectWithToast(context, "/profile", { type: "error", title: "Error", description: error.message });
  }
  return redirectWithToast(context, "/auth", {
    title: "Signed out everywhere",
    description: "Every device signed in to your account has been signed out.",
  });
}
