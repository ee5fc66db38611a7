import { getFormProps, getInputProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v3";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useRef, type MouseEvent } from "react";

import { getBackend } from "~/backend/backend.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors, FormField } from "~/components/form-field";
import { ArrowLeft } from "~/components/icons";
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
  // Without JavaScript the server's page comes back with an empty password field; with it, the field
  // the shopper typed in stays in the DOM, so a failed attempt clears it here too.
  useEffect(() => {
    if (actionData?.result.status !== "error") return;
    const password = formRef.current?.elements.namedItem("password");
    if (password instanceof HTMLInputElement) password.value = "";
  }, [actionData]);

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
          <>
            <div
              role="status"
              className="mt-6 rounded-lg border border-green-300 bg-green-50 p-4 text-sm text-green-900"
            >
              <p className="font-semibold">{actionData.notice.title}</p>
              <p className="mt-1">{actionData.notice.description}</p>
            </div>
            <p className="mt-6 text-center text-sm">
              <Link to={authHref("/auth", { redirectTo })} className="font-semibold text-brand-700 hover:underline">
                Go to sign in
              </Link>
            </p>
          </>
        ) : (
          <>
            {/* Only where Google sign-in is set up (GOOGLE_CLIENT_ID and _SECRET, or the backend's own Google provider). */}
            {google === "unavailable" ? null : (
              <>
                {/* A link, not a form: Google's page is on another origin, and our CSP allows forms to post only to us. */}
                <a
                  href={authHref("/auth/google", { redirectTo })}
                  className={`btn btn-outline mt-6 w-full ${submitting ? "pointer-events-none opacity-60" : ""}`}
                  aria-disabled={submitting || undefined}
                  tabIndex={submitting ? -1 : undefined}
                >
                  <GoogleMark />
                  Continue with Google
                </a>

                <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wide text-ink-muted">
                  <span className="h-px flex-1 bg-sand-200" />
                  or continue with email
                  <span className="h-px flex-1 bg-sand-200" />
                </div>
              </>
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
                <FormField
                  label="Email"
                  inputProps={{
                    ...getInputProps(fields.email, { type: "email" }),
                    autoComplete: "email",
                    placeholder: "you@example.com",
                    autoFocus: firstInvalid === fields.email.name,
                  }}
                  errors={fields.email.errors}
                  errorId={fields.email.errorId}
                />
                <FormField
                  label="Password"
                  inputProps={{
                    ...getInputProps(fields.password, { type: "password" }),
                    autoComplete: mode === "signup" ? "new-password" : "current-password",
                    autoFocus: firstInvalid === fields.password.name,
                  }}
                  errors={fields.password.errors}
                  errorId={fields.password.errorId}
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

function GoogleMark() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="size-5">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.09A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.43.34-2.09V7.07H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.93l3.66-2.84z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1 7.7 1 3.99 3.47 2.18 7.07l3.66 2.84c.87-2.6 3.3-4.53 6.16-4.53z"
      />
    </svg>
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
