import { getInputProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v3";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { backendFor } from "~/backend/backend.server";
import { invalidSetupLinkError, isBackendError } from "~/backend/errors";
import { ErrorPage, GeneralErrorBoundary } from "~/components/error-boundary";
import { NewPasswordForm } from "~/components/new-password-form";
import { useIsPosting, useZodForm } from "~/forms/zod-form";
import { PRIVATE_HEADERS } from "~/http/cache-control";
import { StaffSetupSchema } from "~/modules/auth/auth-schemas";
import { originFromMatches, seo } from "~/site/seo";
import { redirectWithToast } from "~/toast/toast.server";

// The one-time staff set-up link start-up prints for each listed address (decision 0032): it sets the password of
// that address's account, ends its other sessions, makes it staff and signs this browser in. The link is the proof.

const PATH = "/auth/staff-setup";
const hiddenPasswords = { hideFields: ["password", "confirmPassword"] };

/** A link that does not work (any more): 410 Gone, for the error boundary's page that says why and what to do. */
const goneLink = () =>
  new Response(invalidSetupLinkError().message, {
    status: 410,
    headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain" },
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const backend = await backendFor(request, context);
  const account = await backend.auth.staffSetupAccount({ token });
  if (!account) throw goneLink();
  return data({ email: account.email, token, constraint: getZodConstraint(StaffSetupSchema) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const backend = await backendFor(request, context);
  const submission = parseWithZod(await request.formData(), { schema: StaffSetupSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(hiddenPasswords) }, { status: 400 });
  }
  const { token, password } = submission.value;
  try {
    await backend.auth.completeStaffSetup({ token, password });
  } catch (error) {
    if (!isBackendError(error)) throw error;
    if (error.code === "invalid_link") throw goneLink();
    if (error.code === "unavailable" || error.code === "unexpected") throw error;
    return data({ result: submission.reply({ formErrors: [error.message], ...hiddenPasswords }) }, { status: 400 });
  }
  return redirectWithToast(context, "/admin", {
    title: "Welcome to the back office",
    description: "Your password is set. Sign in with it from now on.",
  });
}

export default function StaffSetup() {
  const { email, token, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPosting(PATH);
  const [form, fields, firstInvalid, formEngine] = useZodForm({
    id: "staff-setup",
    loadSchema: import.meta.env.SSR
      ? undefined
      : () => import("~/modules/auth/auth-schemas").then((module) => module.StaffSetupSchema),
    constraint,
    lastResult: actionData?.result,
    defaultValue: { token },
  });

  return (
    <NewPasswordForm
      title="Set up your staff account"
      intro={`Choose the password for ${email}. Anyone signed in with this address before is signed out.`}
      action={`${PATH}?token=${encodeURIComponent(token)}`}
      form={form}
      password={fields.password}
      confirmPassword={fields.confirmPassword}
      firstInvalid={firstInvalid}
      engine={formEngine}
      submitting={submitting}
      submitLabel="Set password and open the back office"
    >
      <input {...getInputProps(fields.token, { type: "hidden" })} key={fields.token.key} />
    </NewPasswordForm>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Staff Set-up",
    description: "Set the password of a staff account.",
    origin: originFromMatches(matches),
    path: PATH,
    noIndex: true,
  });

/** Carries a one-time token: never stored by a browser or a shared cache. */
export const headers: HeadersFunction = () => PRIVATE_HEADERS;

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        410: () => <ErrorPage title="This link no longer works" message={invalidSetupLinkError().message} />,
      }}
    />
  );
}
