import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";

import { backendFor } from "~/backend/backend.server";
import { isBackendError } from "~/backend/errors";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LinkOutcome } from "~/components/link-outcome";
import { PRIVATE_HEADERS } from "~/http/cache-control";
import { safeRedirect } from "~/http/safe-redirect";
import {
  ADDRESS_CONFIRMATION_FLAG,
  addressConfirmedNotice,
  alreadyConfirmedNotice,
  alreadySignedInNotice,
  signedInNotice,
} from "~/modules/auth/auth-messages";
import { getSession } from "~/modules/auth/session.server";
import { redirectSignedIn } from "~/modules/auth/sign-in.server";
import { redirectWithToast } from "~/toast/toast.server";

const RESET_PASSWORD_PATH = "/reset-password";

/**
 * Where the backend's hosted OAuth (Google on Supabase), e-mail confirmation and password-recovery links
 * land with `?code=`: the code becomes a session, then the shopper goes to `next` (same-site only).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const next = safeRedirect(url.searchParams.get("next"), "/");
  const backend = await backendFor(request, context);
  const code = url.searchParams.get("code");

  // The provider's own error text comes from the URL, so anyone could write it: show a fixed message.
  if (url.searchParams.has("error") || url.searchParams.has("error_description") || !code) {
    return redirectWithToast(context, "/auth", {
      type: "error",
      title: "Error",
      description: "This sign-in link is invalid or has expired. Please try again.",
    });
  }

  const confirming = url.searchParams.has(ADDRESS_CONFIRMATION_FLAG);
  // Another account's link, opened where someone is signed in, must not switch accounts: whoever sent it would have
  // the shopper working inside their account. Say whose link it is; signing out first is the shopper's choice.
  const signedIn = await backend.auth.getUser();
  if (signedIn) {
    const owner = await backend.auth.emailLinkAccount({ code });
    if (owner && owner.email.toLowerCase() !== signedIn.email.toLowerCase()) {
      return data(
        {
          outcome: "other-account",
          linkEmail: owner.email,
          signedInEmail: signedIn.email,
          link: `${url.pathname}${url.search}`,
        } as const,
        { status: 409, headers: PRIVATE_HEADERS },
      );
    }
  }
  try {
    await backend.auth.exchangeCodeForSession({ code });
    return await redirectSignedIn(request, context, {
      backend,
      redirectTo: next,
      // The reset page explains itself; a "Welcome back!" there, or to a member just confirming the address, would
      // be confusing.
      notice: next === RESET_PASSWORD_PATH ? null : confirming ? addressConfirmedNotice : signedInNotice,
    });
  } catch (error) {
    if (!isBackendError(error)) throw error;
    if (error.code === "invalid_link") {
      // Opened again by a member who is signed in (a confirmed account): there is nothing left to do, so no
      // "sign in to resend" page. A recovery link's landing sends them on to the change-password form.
      if ((await getSession(request, context)).user) {
        return redirectWithToast(context, next, {
          type: "info",
          ...(confirming ? alreadyConfirmedNotice : alreadySignedInNotice),
        });
      }
      // An e-mailed link used twice or too late (decision 0016): a page that says so, not a silent bounce.
      return data({ outcome: "invalid", problem: error.message } as const, { status: 410 });
    }
    return redirectWithToast(context, "/auth", { type: "error", title: "Error", description: error.message });
  }
}

/** Nothing to post here. */
export async function action() {
  return redirect("/auth", { status: 303 });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.outcome === "other-account" ? "Signed in as someone else" : "Link expired"} | Luxe Strands` },
  { name: "robots", content: "noindex" },
];

/** Shown for a link that no longer works, or that belongs to another account; every other outcome redirects. */
export default function AuthCallback() {
  const outcome = useLoaderData<typeof loader>();
  if (outcome.outcome === "other-account") {
    return (
      <LinkOutcome
        title="This link is for another account"
        message={`This link is for ${outcome.linkEmail}, but you are signed in as ${outcome.signedInEmail}. To use it, sign out first; to go on as ${outcome.signedInEmail}, ignore it.`}
        action={{ to: "/", label: `Stay signed in as ${outcome.signedInEmail}` }}
      >
        <Form method="post" action="/sign-out" className="mt-8">
          <input type="hidden" name="redirectTo" value={outcome.link} />
          <button type="submit" className="btn-outline">
            Sign out and use the link
          </button>
        </Form>
      </LinkOutcome>
    );
  }
  return (
    <LinkOutcome
      title="This link does not work"
      message={`${outcome.problem} Ask for a new one: sign in to resend the confirmation, or use "Forgot password?".`}
      action={{ to: "/auth", label: "Go to sign in" }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
