import { getFormProps, getInputProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v3";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";

import { backendFor, getBackend } from "~/backend/backend.server";
import { isBackendError } from "~/backend/errors";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors, FormField } from "~/components/form-field";
import { useIsPosting, useZodForm } from "~/forms/zod-form";
import { getOrigin } from "~/http/origin.server";
import { takeTypedEmail } from "~/modules/auth/auth-flash.server";
import { ForgotPasswordSchema } from "~/modules/auth/auth-schemas";
import { withRetryAfter } from "~/modules/limits/rate-limit";
import { refusedByRateLimit } from "~/modules/limits/rate-limits.server";
import { originFromMatches, seo } from "~/site/seo";
import { site } from "~/site/site";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { capabilities } = await getBackend();
  // The address of the sign-in that just failed (a flash cookie: see auth-flash.server.ts).
  const typedEmail = await takeTypedEmail(request, context);
  return data({
    sendsEmail: capabilities.sendsEmail,
    anyBrowser: capabilities.linksWorkInAnyBrowser,
    constraint: getZodConstraint(ForgotPasswordSchema),
    typedEmail,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ForgotPasswordSchema });
  const { capabilities } = await getBackend();
  if (!capabilities.sendsEmail) {
    return data(
      {
        result: submission.reply({
          formErrors: ["This shop cannot send email, so a password cannot be reset by email."],
        }),
        sent: false,
      },
      { status: 400 },
    );
  }
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  const refusal = await refusedByRateLimit(context, "forgotPassword");
  if (refusal) {
    return data(
      { result: submission.reply({ formErrors: [refusal.message] }), sent: false },
      { status: 429, headers: refusal.headers },
    );
  }

  const backend = await backendFor(request, context);
  try {
    await backend.auth.requestPasswordReset({
      email: submission.value.email,
      // The link's code becomes a session on /auth/callback, which then opens the page that sets the new password.
      redirectTo: `${getOrigin(request)}/auth/callback?${new URLSearchParams({ next: "/reset-password" })}`,
    });
  } catch (error) {
    if (!isBackendError(error)) throw error;
    return data({ result: submission.reply({ formErrors: [error.message] }), sent: false }, { status: 400 });
  }
  return data({ result: submission.reply(), sent: true });
}

export default function ForgotPassword() {
  const { sendsEmail, anyBrowser, constraint, typedEmail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPosting("/forgot-password");
  // With JavaScript, the sign-in form's "Forgot password?" hands over what was typed there (never in the URL).
  const carried = (useLocation().state as { email?: unknown } | null)?.email;
  const email = typedEmail ?? (typeof carried === "string" ? carried : undefined);
  const [form, fields, firstInvalid, formEngine] = useZodForm({
    id: "forgot-password",
    loadSchema: import.meta.env.SSR
      ? undefined
      : () => import("~/modules/auth/auth-schemas").then((module) => module.ForgotPasswordSchema),
    constraint,
    lastResult: actionData?.result,
    defaultValue: email ? { email } : undefined,
  });

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-sand-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="font-serif text-3xl text-ink">Forgot your password?</h1>
        {sendsEmail ? (
          actionData?.sent ? (
            <div
              role="status"
              className="mt-6 rounded-lg border border-green-300 bg-green-50 p-4 text-sm text-green-900"
            >
              <p className="font-semibold">Check your email</p>
              <p className="mt-1">
                If an account exists for that address, we have sent it a link to set a new password. It works once, for
                an hour
                {anyBrowser ? "." : ", in this browser: open it here."}
              </p>
            </div>
          ) : (
            <>
              <p className="mt-2 text-sm text-ink-muted">
                Enter the email address of your account and we will send you a link to set a new password.
              </p>
              <Form method="post" action="/forgot-password" className="mt-6" {...getFormProps(form)}>
                {formEngine}
                <fieldset disabled={submitting} className="space-y-4">
                  <FormField
                    label="Email"
                    inputProps={{
                      ...getInputProps(fields.email, { type: "email" }),
                      autoComplete: "email",
                      autoFocus: firstInvalid === fields.email.name,
                    }}
                    errors={fields.email.errors}
                    errorId={fields.email.errorId}
                  />
                  <FormErrors id={form.errorId} errors={form.errors} />
                  <button type="submit" className="btn btn-primary w-full">
                    {submitting ? "Sending..." : "Send reset link"}
                  </button>
                </fieldset>
              </Form>
            </>
          )
        ) : (
          <div className="mt-4 space-y-3 text-sm text-ink-muted">
            <p>This shop cannot send email, so a forgotten password cannot be reset by email.</p>
            <p>
              Please contact us at{" "}
              <a
                href={`mailto:${site.email}?subject=${encodeURIComponent("Password reset")}`}
                className="font-medium text-brand-700 underline"
              >
                {site.email}
              </a>{" "}
              ({site.supportHours}) and we will help you back into your account.
            </p>
          </div>
        )}
        <p className="mt-6 text-center text-sm">
          <Link to="/auth" className="font-semibold text-brand-700 hover:underline">
            Back to sign in
          </Link>
        </p>
      </div>
    </div>
  );
}

/** As the root's, plus the Retry-After of a refusal (429). */
export const headers: HeadersFunction = ({ parentHeaders, actionHeaders }) =>
  withRetryAfter(actionHeaders, parentHeaders);

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Forgot Password",
    description: "Reset the password of your account.",
    origin: originFromMatches(matches),
    path: "/forgot-password",
    noIndex: true,
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
