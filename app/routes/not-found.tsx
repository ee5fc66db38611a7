import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { noIndexMeta } from "~/utils/seo";

export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  console.warn(`404: no page at ${pathname}`);
  throw new Response("Not Found", { status: 404 });
}

export const meta: MetaFunction = () => noIndexMeta("Page not found");

export default function NotFound() {
  return <GeneralErrorBoundary />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
