import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { backendFor } from "~/backend/backend.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LinkOutcome } from "~/components/link-outcome";
import { newsletterLinkCopy, readLinkToken } from "~/modules/newsletter/newsletter-links";

/** The double opt-in link: following it confirms the subscription (once; the link lasts 7 days). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = readLinkToken(new URL(request.url).searchParams.get("token"));
  const confirmed = token ? await (await backendFor(request, context)).newsletter.confirm({ token }) : false;
  const outcome = confirmed ? "confirmed" : "invalid";
  return data({ outcome } as const, { status: confirmed ? 200 : 410, headers: { "Cache-Control": "private, no-store" } });
}

export const meta: MetaFunction = () => [{ title: "Newsletter | Luxe Strands" }, { name: "robots", content: "noindex" }];

export default function NewsletterConfirm() {
  const { outcome } = useLoaderData<typeof loader>();
  return <LinkOutcome {...newsletterLinkCopy[outcome]} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
