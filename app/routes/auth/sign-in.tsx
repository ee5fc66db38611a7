import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v3";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { useRef, type MouseEvent } from "react";

import { getBackend } from "~/backend/backend.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors, TextField } from "~/components/form-field";
import { GoogleSignIn } from "~/components/google-sign-in";
import { ArrowLeft } from "~/components/icons";
import { usePasswordsClearedOnRefusal } from "~/components/password-field";
import { PasswordInput } from "~/components/password-input";
import { ResendConfirmation } from "~/components/resend-confirmation";
import { useIsPosting, useZodForm } from "~/forms/zod-form";
import { PRIVATE_HEADERS } from "~/http/cache-control";
import { safeRedirect } from "~/http/safe-redirect";
import { authAction } from "~/modules/auth/auth-action.server";
import { takeTypedEmail } from "~/modules/auth/auth-flash.server";
import { AuthFormSchema, parseAuthMode, type AuthMode } from "~/modules/auth/auth-schemas";
import { googleSignInMethod } from "~/modules/auth/authenticator.server";
import { requireAnonymous } from "~/modules/auth/session.server";
import { withRetryAfter } from "~/modules/limits/rate-limit";
import { originFromMatches, seo } from "~/site/seo";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  const searchParams = new URL(request.url).searchParams;
  const google = await googleSignInMethod(await getBackend());
  // The address typed into "Resend confirmation email", which answered with a redirect here.
  const typedEmail = await takeTypedEmail(request, context);
  return data({
    mode: parseAuthMode(searchParams.get("mode")),
    redirectTo: safeRedirect(searchParams.get("redirectTo"), "/"),
    google,
    constraint: getZodConstraint(AuthFormSchema),
    typedEmail,
  });
}

export async function action(args: ActionFunctionArgs) {
  return authAction(args);
}

/** /auth?mode=signup&redirectTo=/orders: the links keep where the shopper is going. */
function authHref(path: string, { mode, redirectTo }: { mode?: AuthMode; redirectTo: string }) {
  const params = new URLSearchParams();
  if (mode === "signup") params.set("mode", mode);
  if (redirectTo !== "/") params.set("redirectTo", redirectTo);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

const copy = {
  signin: {
    title: "Sign In",
    intro: "Welcome back! Sign in to see your profile and orders.",
    submit: "Sign In",
    pending: "Signing in...",
    switchPrompt: "Don't have an account?",
    switchLabel: "Sign up",
  },
  signup: {
    title: "Sign Up",
    intro: "Create an account to keep your cart and follow your orders.",
    submit: "Sign Up",
    pending: "Creating account...",
    switchPrompt: "Already have an account?",
    switchLabel: "Sign in",
  },
} as const;

export default function AuthPage() {
  const { mode, redirectTo, google, constraint, typedEmail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPosting("/auth");
  const text = copy[mode];

  const formRef = useRef<HTMLFormElement>(null);
  usePasswordsClearedOnRefusal(formRef, actionData?.result, ["password"]);

  // "Forgot password?" opens with the address typed here (in the navigation's state, never in the URL). Without
  // JavaScript the address of a failed sign-in comes along in a flash cookie instead (auth-action.server.ts).
  const navigate = useNavigate();
  const carryTypedAddress = (event: MouseEvent<HTMLAnchorElement>) => {
    const input = formRef.current?.elements.namedItem("email");
    const typed = input instanceof HTMLInputElement ? input.value.trim() : "";
    if (!typed || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate("/forgot-password", { state: { email: typed } });
  };

  // A new form per mode, so that switching does not carry one side's errors to the other.
  const [form, fields, firstInvalid, formEngine] = useZodForm({
    id: `auth-${mode}`,
    loadSchema: import.meta.env.SSR
      ? undefined
      : () => import("~/modules/auth/auth-schemas").then((module) => module.AuthFormSchema),
    constraint,
    lastResult: actionData?.result,
    defaultValue: typedEmail ? { email: typedEmail } : undefined,
  });

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Link to="/" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> Back to home
      </Link>

      <div className="mt-6 rounded-2xl border border-sand-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="font-serif text-3xl text-ink">{text.title}</h1>
        <p className="mt-2 text-sm text-ink-muted">{text.intro}</p>

        {actionData?.notice ? (
          // The account exists: the filled form and its button would only invite a second sign-up.
          <AccountNotice notice={actionData.notice} signInHref={authHref("/auth", { redirectTo })} />
        ) : (
          <>
            {google === "unavailable" ? null : (
              <GoogleSignIn href={authHref("/auth/google", { redirectTo })} disabled={submitting} />
            )}

            <Form
              ref={formRef}
              method="post"
              action={authHref("/auth", { mode, redirectTo })}
              className={google === "unavailable" ? "mt-6" : undefined}
              {...getFormProps(form)}
            >
              {formEngine}
              <fieldset disabled={submitting} className="space-y-4">
                <input type="hidden" name="intent" value={mode} />
                {redirectTo !== "/" ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
                <TextField
                  label="Email"
                  field={fields.email}
                  type="email"
                  autoComplete="email"
                  placeholder="you@example.com"
                  firstInvalid={firstInvalid}
                />
                <TextField
                  label="Password"
                  field={fields.password}
                  type="password"
                  autoComplete={mode === "signup" ? "new-password" : "current-password"}
                  firstInvalid={firstInvalid}
                  renderControl={(props) => <PasswordInput {...props} />}
                />
                {mode === "signin" ? (
                  <p className="text-right text-sm">
                    <Link
                      to="/forgot-password"
                      onClick={carryTypedAddress}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      Forgot password?
                    </Link>
                  </p>
                ) : null}

                <FormErrors id={form.errorId} errors={form.errors} />

                <button type="submit" className="btn btn-primary w-full">
                  {submitting ? text.pending : text.submit}
                </button>
              </fieldset>
            </Form>

            {actionData && "unconfirmedEmail" in actionData && actionData.unconfirmedEmail ? (
              <ResendConfirmation email={actionData.unconfirmedEmail} redirectTo={redirectTo} />
            ) : null}

            <p className="mt-6 text-center text-sm text-ink-muted">
              {text.switchPrompt}{" "}
              <Link
                to={authHref("/auth", { mode: mode === "signin" ? "signup" : "signin", redirectTo })}
                className="font-semibold text-brand-700 hover:underline"
              >
                {text.switchLabel}
              </Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}

/** What a sign-up with an address that has an account is told (the same as a new account's), and the way on. */
function AccountNotice({ notice, signInHref }: { notice: { title: string; description: string }; signInHref: string }) {
  return (
    <>
      <div role="status" className="mt-6 rounded-lg border border-green-300 bg-green-50 p-4 text-sm text-green-900">
        <p className="font-semibold">{notice.title}</p>
        <p className="mt-1">{notice.description}</p>
      </div>
      <p className="mt-6 text-center text-sm">
        <Link to={signInHref} className="font-semibold text-brand-700 hover:underline">
          Go to sign in
        </Link>
      </p>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const signUp = data?.mode === "signup";
  return seo({
    title: signUp ? "Sign Up" : "Sign In",
    description: signUp
      ? "Create an account to keep your cart, follow your orders and check out faster."
      : "Sign in to your account to see your profile and order history.",
    origin: originFromMatches(matches),
    path: signUp ? "/auth?mode=signup" : "/auth",
    noIndex: true,
  });
};

/** Personal pages: never stored by a browser or a shared cache. */
export const headers: HeadersFunction = ({ actionHeaders }) => withRetryAfter(actionHeaders, PRIVATE_HEADERS);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
