import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v3";
import { type ActionFunctionArgs, data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { isBackendError } from "~/backend/errors";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors } from "~/components/form-field";
import { NewPasswordFields } from "~/components/password-field";
import { ResetPasswordSchema } from "~/modules/account/auth-schemas";
import { requireUser } from "~/utils/auth.server";
import { originFromMatches, seo } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";
import { useIsPosting, useZodForm } from "~/utils/forms";

/** Reached signed in: through a recovery link (/auth/callback?next=/reset-password), or by a shopper changing the password. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { backend, user } = await requireUser(request);
  return data({ email: user.email, constraint: getZodConstraint(ResetPasswordSchema) }, { headers: backend.responseHeaders });
}

export async function action({ request }: ActionFunctionArgs) {
  const { backend } = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: ResetPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }) }, { status: 400 });
  }
  try {
    await backend.auth.updatePassword({ password: submission.value.password });
  } catch (error) {
    if (!isBackendError(error)) throw error;
    return data(
      { result: submission.reply({ formErrors: [error.message], hideFields: ["password", "confirmPassword"] }) },
      { status: 400, headers: backend.responseHeaders },
    );
  }
  return redirectWithToast(
    "/",
    { title: "Password updated", description: "Your new password is set." },
    { headers: backend.responseHeaders },
  );
}

export default function ResetPassword() {
  const { email, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPosting("/reset-password");
  const [form, fields] = useZodForm({
    id: "reset-password",
    loadSchema: import.meta.env.SSR ? undefined : () => import("~/modules/account/auth-schemas").then((module) => module.ResetPasswordSchema),
    constraint,
    lastResult: actionData?.result,
  });

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-sand-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="font-serif text-3xl text-ink">Set a new password</h1>
        <p className="mt-2 text-sm text-ink-muted">Choose a new password for {email}.</p>
        <Form method="post" action="/reset-password" className="mt-6" {...getFormProps(form)}>
          <fieldset disabled={submitting} className="space-y-4">
            <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
            <FormErrors id={form.errorId} errors={form.errors} />
            <button type="submit" className="btn btn-primary w-full">
              {submitting ? "Saving..." : "Save new password"}
            </button>
          </fieldset>
        </Form>
      </div>
    </div>
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
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
