import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NewsletterLinkPage } from "~/components/newsletter-link-page";
import { newsletterLinkAction, newsletterLinkLoader } from "~/modules/newsletter/newsletter-link-page.server";

// The double opt-in link's page: only its button's POST confirms (newsletter-links.ts).

export const loader = ({ request }: LoaderFunctionArgs) => newsletterLinkLoader(request, "confirm");

export const action = ({ request, context }: ActionFunctionArgs) => newsletterLinkAction(request, context, "confirm");

export const meta: MetaFunction = () => [
  { title: "Newsletter | Luxe Strands" },
  { name: "robots", content: "noindex" },
];

export default function NewsletterConfirm() {
  const { token } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>()?.outcome;
  return <NewsletterLinkPage link="confirm" token={token} outcome={outcome} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
