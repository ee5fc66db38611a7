import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NewsletterLinkPage } from "~/components/newsletter-link-page";
import { newsletterLinkAction, newsletterLinkLoader } from "~/modules/newsletter/newsletter-link-page.server";

// A newsletter e-mail's unsubscribe link: only its button's POST (or a one-click POST) unsubscribes.

export const loader = ({ request }: LoaderFunctionArgs) => newsletterLinkLoader(request, "unsubscribe");

export const action = ({ request, context }: ActionFunctionArgs) =>
  newsletterLinkAction(request, context, "unsubscribe");

export const meta: MetaFunction = () => [
  { title: "Unsubscribe | Luxe Strands" },
  { name: "robots", content: "noindex" },
];

export default function NewsletterUnsubscribe() {
  const { token } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>()?.outcome;
  return <NewsletterLinkPage link="unsubscribe" token={token} outcome={outcome} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
