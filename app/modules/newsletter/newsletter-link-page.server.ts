import { data } from "@remix-run/node";

import { backendFor } from "~/backend/backend.server";
import { PRIVATE_HEADERS } from "~/http/cache-control";
import type { ResponseJar } from "~/http/cookies.server";
import { newsletterLinks, readLinkToken, type NewsletterLink, type NewsletterLinkOutcome } from "./newsletter-links";

/** The link's page: its button, or (a malformed token) the page saying the link does not work. */
export function newsletterLinkLoader(request: Request, link: NewsletterLink) {
  const token = readLinkToken(new URL(request.url).searchParams.get("token"));
  return data({ token }, { status: token ? 200 : newsletterLinks[link].malformedStatus, headers: PRIVATE_HEADERS });
}

/**
 * The button's POST (its token in a field), or RFC 8058's one-click POST (List-Unsubscribe-Post), which mail
 * clients send to the link's own URL with the token in the query.
 */
export async function newsletterLinkAction(request: Request, context: ResponseJar, link: NewsletterLink) {
  const formData = await request.formData();
  const token = readLinkToken(formData.get("token")) ?? readLinkToken(new URL(request.url).searchParams.get("token"));
  const { newsletter } = await backendFor(request, context);
  const done = token
    ? link === "confirm"
      ? await newsletter.confirm({ token })
      : await newsletter.unsubscribe({ token })
    : false;
  const outcome: NewsletterLinkOutcome = done ? newsletterLinks[link].done : "invalid";
  return data({ outcome }, { status: done ? 200 : 410, headers: PRIVATE_HEADERS });
}
