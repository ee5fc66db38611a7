import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { notFoundResponse } from "~/http/not-found.server";
import { noIndexMeta } from "~/site/seo";

export async function loader({ request }: LoaderFunctionArgs) {
  throw notFoundResponse(request);
}

export const meta: MetaFunction = () => noIndexMeta("Page not found");

export default function NotFound() {
  return <GeneralErrorBoundary />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
