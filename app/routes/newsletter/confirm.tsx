import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { backendFor } from "~/backend/backend.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LinkButtonOutcome, LinkOutcome } from "~/components/link-outcome";
import { PRIVATE_HEADERS } from "~/http/cache-control";
import { newsletterLinkCopy, readLinkToken } from "~/modules/newsletter/newsletter-links";

/**
 * The double opt-in link opens a button: only its POST confirms, so that a mail scanner that opens every link
 * subscribes nobody (as the unsubscribe link). The link works once, for 7 days.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = readLinkToken(new URL(request.url).searchParams.get("token"));
  return data({ token }, { status: token ? 200 : 410, headers: PRIVATE_HEADERS });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const token = readLinkToken(formData.get("token")) ?? readLinkToken(new URL(request.url).searchParams.get("token"));
  const confirmed = token ? await (await backendFor(request, context)).newsletter.confirm({ token }) : false;
  return data({ outcome: confirmed ? "confirmed" : "invalid" } as const, {
    status: confirmed ? 200 : 410,
    headers: PRIVATE_HEADERS,
  });
}

export const meta: MetaFunction = () => [
  { title: "Newsletter | Luxe Strands" },
  { name: "robots", content: "noindex" },
];

export default function NewsletterConfirm() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (result) return <LinkOutcome {...newsletterLinkCopy[result.outcome]} />;
  if (!token) return <LinkOutcome {...newsletterLinkCopy.invalid} />;
  return (
    <LinkButtonOutcome
      {...newsletterLinkCopy.confirm}
      action="/newsletter/confirm"
      token={token}
      label="Yes, subscribe me"
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
