import { getZodConstraint, parseWithZod } from "@conform-to/zod/v3";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { isBackendError } from "~/backend/errors";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NewPasswordForm } from "~/components/new-password-form";
import { useIsPosting, useZodForm } from "~/forms/zod-form";
import { PRIVATE_HEADERS } from "~/http/cache-control";
import { CHANGE_PASSWORD_PATH } from "~/modules/account/account-paths";
import { ResetPasswordSchema } from "~/modules/auth/auth-schemas";
import { requireUser } from "~/modules/auth/session.server";
import { originFromMatches, seo } from "~/site/seo";
import { redirectWithToast } from "~/toast/toast.server";

/**
 * Reached through a recovery link (/auth/callback?next=/reset-password), whose session the backend lets set a
 * password without the current one, once, for a short while (decision 0027). A signed-in shopper without that grant
 * changes it on the profile, where the current password is asked for.
 */
async function requireRecovery(request: Request, context: AppLoadContext) {
  const session = await requireUser(request, context);
  if (!(await session.backend.auth.hasRecoveryGrant())) {
    throw redirect(CHANGE_PASSWORD_PATH, { status: 303 });
  }
  return session;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireRecovery(request, context);
  return data({ email: user.email, constraint: getZodConstraint(ResetPasswordSchema) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { backend } = await requireRecovery(request, context);
  const submission = parseWithZod(await request.formData(), { schema: ResetPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }) }, { status: 400 });
  }
  try {
    await backend.auth.resetPassword({ password: submission.value.password });
  } catch (error) {
    if (!isBackendError(error)) throw error;
    // The grant went meanwhile (used in another tab, or the password changed elsewhere): the profile's form asks
    // for the current password.
    if (error.code === "recovery_required") {
      return redirectWithToast(context, CHANGE_PASSWORD_PATH, {
        type: "error",
        title: "Link used or expired",
        description: error.message,
      });
    }
    return data(
      { result: submission.reply({ formErrors: [error.message], hideFields: ["password", "confirmPassword"] }) },
      { status: 400 },
    );
  }
  return redirectWithToast(context, "/", { title: "Password updated", description: "Your new password is set." });
}

export default function ResetPassword() {
  const { email, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPosting("/reset-password");
  const [form, fields, firstInvalid, formEngine] = useZodForm({
    id: "reset-password",
    loadSchema: import.meta.env.SSR
      ? undefined
      : () => import("~/modules/auth/auth-schemas").then((module) => module.ResetPasswordSchema),
    constraint,
    lastResult: actionData?.result,
  });

  return (
    <NewPasswordForm
      title="Set a new password"
      intro={`Choose a new password for ${email}.`}
      action="/reset-password"
      form={form}
      password={fields.password}
      confirmPassword={fields.confirmPassword}
      firstInvalid={firstInvalid}
      engine={formEngine}
      submitting={submitting}
      submitLabel="Save new password"
    />
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Set a New Password",
    description: "Choose a new password for your account.",
    origin: originFromMatches(matches),
    path: "/reset-password",
    noIndex: true,
  });

/** Personal pages: never stored by a browser or a shared cache. */
export const headers: HeadersFunction = () => PRIVATE_HEADERS;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
