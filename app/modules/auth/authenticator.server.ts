import { createCookieSessionStorage, redirect, type AppLoadContext } from "@remix-run/node";
import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { GoogleStrategy } from "remix-auth-google";

import { BackendError, isBackendError } from "~/backend/errors";
import type { AuthUser } from "~/backend/ports/auth";
import type { Backend, RequestBackend } from "~/backend/ports/backend";
import { addResponseCookie, createSignedCookie, signedCookie } from "~/http/cookies.server";
import { getOrigin } from "~/http/origin.server";
import { safeRedirect } from "~/http/safe-redirect";
import { getEnv } from "~/site/env.server";

// remix-auth drives sign-in, but the backend owns the session: we never pass successRedirect, so
// remix-auth returns the user and leaves its own session storage alone (except Google's OAuth `state`), and the
// session cookie reaches the response through the load context (the server adds it). remix-auth hands strategies
// a copy of the Request, so the request's backend handle travels in `context` explicitly.

const FORM = "form";
const GOOGLE = "google";
const OAUTH_COOKIE_SECONDS = 10 * 60;
export const GOOGLE_CALLBACK_PATH = "/auth/google/callback";

type AuthContext = AppLoadContext & { backend: RequestBackend; formData?: FormData };

function backendIn(context: AppLoadContext | undefined): RequestBackend {
  const backend = (context as Partial<AuthContext> | undefined)?.backend;
  if (!backend) throw new Error("A remix-auth strategy ran without the request's backend in its context.");
  return backend;
}

let oauthStorage: ReturnType<typeof createCookieSessionStorage> | undefined;

/** Both OAuth cookies are short-lived and sent only to the Google sign-in routes. */
const oauthCookieLifetime = { path: "/auth/google", maxAge: OAUTH_COOKIE_SECONDS };

/** Holds only Google's OAuth `state` between the redirect out and the callback (remix-auth-oauth2). */
function oauthStateStorage() {
  const env = getEnv();
  oauthStorage ??= createCookieSessionStorage({
    cookie: createSignedCookie("oauth_state", oauthCookieLifetime, {
      secure: env.secureCookies,
      secrets: env.sessionSecrets,
    }),
  });
  return oauthStorage;
}

/** Where to send the shopper after Google's round trip (a same-site path). */
const oauthReturnToCookie = signedCookie("oauth_return_to", oauthCookieLifetime);

function googleCredentials(): { clientID: string; clientSecret: string } | null {
  const env = getEnv();
  return env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
    ? { clientID: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
    : null;
}

/**
 * How 'Continue with Google' works here: through the backend's hosted OAuth (Supabase, when its Google
 * provider is on), through the app with remix-auth-google (client credentials set), or not at all (no button).
 */
export type GoogleSignInMethod = "hosted" | "app" | "unavailable";

export async function googleSignInMethod(backend: Backend): Promise<GoogleSignInMethod> {
  if (backend.capabilities.hostedOAuth)
    return (await backend.hostedOAuthProviders()).includes("google") ? "hosted" : "unavailable";
  return googleCredentials() ? "app" : "unavailable";
}

/** Built per request: Google's callback URL follows the public origin. The Google strategy exists only when configured. */
function authenticatorFor(request: Request): Authenticator<AuthUser> {
  const authenticator = new Authenticator<AuthUser>(oauthStateStorage(), { throwOnError: true });
  authenticator.use(
    new FormStrategy<AuthUser>(async ({ form, context }) =>
      backendIn(context).auth.signInWithPassword({
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
      }),
    ),
    FORM,
  );
  const credentials = googleCredentials();
  if (credentials) {
    authenticator.use(
      new GoogleStrategy<AuthUser>(
        { ...credentials, callbackURL: `${getOrigin(request)}${GOOGLE_CALLBACK_PATH}`, prompt: "select_account" },
        async ({ profile, context }) => {
          const email = profile._json?.email ?? profile.emails?.[0]?.value;
          // signInWithVerifiedIdentity links accounts by address: never hand it an address Google has not verified.
          if (!email || profile._json?.email_verified !== true) {
            throw new BackendError(
              "not_authorized",
              "Your Google account has no verified email address, so it cannot be used to sign in here.",
            );
          }
          return backendIn(context).auth.signInWithVerifiedIdentity({
            provider: "google",
            email,
            fullName: profile.displayName || null,
            avatarUrl: profile.photos?.[0]?.value ?? null,
          });
        },
      ),
      GOOGLE,
    );
  }
  return authenticator;
}

/** A failed strategy throws AuthorizationError; give routes the BackendError inside it (shopper-facing message). */
function asBackendError(error: unknown, fallbackMessage: string): unknown {
  if (error instanceof AuthorizationError) {
    if (isBackendError(error.cause)) return error.cause;
    return new BackendError("unexpected", fallbackMessage, { cause: error });
  }
  return error;
}

/**
 * Signs in with the e-mail and password of an already parsed form, through remix-auth's form strategy.
 * The session cookie reaches the response through the load context; failures throw BackendError.
 * `request` must still have its body (read the form from `request.clone()`).
 */
export async function signInWithPasswordForm(
  request: Request,
  { backend, formData, context }: { backend: RequestBackend; formData: FormData; context: AppLoadContext },
): Promise<AuthUser> {
  try {
    return await authenticatorFor(request).authenticate(FORM, request, {
      context: { ...context, backend, formData } satisfies AuthContext,
    });
  } catch (error) {
    throw asBackendError(error, "Signing in failed. Please try again.");
  }
}

/**
 * Starts Google sign-in through remix-auth-google: answers with the redirect to Google, carrying the
 * OAuth state cookie and where to return afterwards. Only when googleSignInMethod() is "app".
 */
export async function startGoogleSignIn(
  request: Request,
  { returnTo, context }: { returnTo: string; context: AppLoadContext },
) {
  try {
    await authenticatorFor(request).authenticate(GOOGLE, request, { context });
  } catch (thrown) {
    const location = thrown instanceof Response ? thrown.headers.get("Location") : null;
    if (thrown instanceof Response && location) {
      // The OAuth state cookie remix-auth set joins the request's cookie jar, with where to return afterwards.
      for (const setCookie of thrown.headers.getSetCookie()) addResponseCookie(context.responseHeaders, setCookie);
      await oauthReturnToCookie.write(context, safeRedirect(returnTo, "/"));
      return redirect(location, { status: thrown.status });
    }
    throw asBackendError(thrown, "Google sign-in could not start. Please try again.");
  }
  throw new Error("remix-auth-google neither redirected to Google nor failed.");
}

export type GoogleCallbackOutcome = { returnTo: string } & (
  { user: AuthUser; error?: undefined } | { user?: undefined; error: BackendError }
);

/**
 * Finishes Google sign-in on the callback: checks the state, exchanges the code, verifies the address
 * and signs the owner in on the backend. Either way the OAuth cookies are cleared and `returnTo` is
 * the same-site path the shopper started from.
 */
export async function finishGoogleSignIn(
  request: Request,
  { backend, context }: { backend: RequestBackend; context: AppLoadContext },
): Promise<GoogleCallbackOutcome> {
  addResponseCookie(
    context.responseHeaders,
    await oauthStateStorage().destroySession(await oauthStateStorage().getSession()),
  );
  await oauthReturnToCookie.clear(context);
  const stored = await oauthReturnToCookie.read(request);
  const returnTo = safeRedirect(typeof stored === "string" ? stored : null, "/");

  if (new URL(request.url).searchParams.has("error")) {
    // The shopper cancelled on Google's page, or Google refused: there is no code to exchange.
    return { returnTo, error: new BackendError("not_authenticated", "Google sign-in was cancelled.") };
  }
  try {
    const user = await authenticatorFor(request).authenticate(GOOGLE, request, {
      context: { ...context, backend } satisfies AuthContext,
    });
    return { returnTo, user };
  } catch (thrown) {
    const error = asBackendError(thrown, "Google sign-in did not complete. Please try again.");
    if (!isBackendError(error)) throw error;
    if (error.code === "unexpected") console.error("Google sign-in failed:", error.cause);
    return { returnTo, error };
  }
}
