import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { backendFor } from "~/backend/backend.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LinkButtonOutcome, LinkOutcome } from "~/components/link-outcome";
import { PRIVATE_HEADERS } from "~/http/cache-control";
import { newsletterLinkCopy, readLinkToken } from "~/modules/newsletter/newsletter-links";

/** The unsubscribe link of a newsletter e-mail opens a button, so that a link scanner's GET changes nothing. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = readLinkToken(new URL(request.url).searchParams.get("token"));
  return data({ token }, { status: token ? 200 : 400, headers: PRIVATE_HEADERS });
}

/**
 * The button, and RFC 8058's one-click POST (List-Unsubscribe-Post) that mail clients send to the same URL
 * with the token in the query. Again is fine.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const token = readLinkToken(new URL(request.url).searchParams.get("token")) ?? readLinkToken(formData.get("token"));
  const done = token ? await (await backendFor(request, context)).newsletter.unsubscribe({ token }) : false;
  return data({ outcome: done ? "unsubscribed" : "invalid" } as const, {
    status: done ? 200 : 410,
    headers: PRIVATE_HEADERS,
  });
}

export const meta: MetaFunction = () => [
  { title: "Unsubscribe | Luxe Strands" },
  { name: "robots", content: "noindex" },
];

export default function NewsletterUnsubscribe() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (result) return <LinkOutcome {...newsletterLinkCopy[result.outcome]} />;
  if (!token) return <LinkOutcome {...newsletterLinkCopy.invalid} />;
  return (
    <LinkButtonOutcome
      {...newsletterLinkCopy.unsubscribe}
      action="/newsletter/unsubscribe"
      token={token}
      label="Unsubscribe"
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
