import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

interface ErrorPageProps {
  title: string;
  message: string;
  action?: { to: string; label: string };
}

export function ErrorPage({ title, message, action = { to: "/", label: "Return to Home" } }: ErrorPageProps) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="font-serif text-4xl text-ink">{title}</h1>
      <p className="mt-4 text-ink-muted">{message}</p>
      <Link to={action.to} className="btn-primary mt-8">
        {action.label}
      </Link>
    </div>
  );
}

/**
 * The one error boundary: routes pass per-status pages (e.g. their own 404 text);
 * anything unexpected gets a generic page without leaking details.
 */
export function GeneralErrorBoundary({
  statusHandlers = {},
}: {
  statusHandlers?: Record<number, () => React.ReactElement>;
}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers[error.status];
    if (handler) return handler();
    if (error.status === 404) {
      return (
        <ErrorPage title="Oops! Page not found" message="The page you're looking for doesn't exist or has moved." />
      );
    }
    if (error.status === 503) {
      // The database or Supabase is out of reach: say what happened and that browsing still works.
      return (
        <ErrorPage
          title="We'll be right back"
          message="Part of the shop is temporarily unavailable, so your last request could not be completed and nothing was changed. Please try again in a moment. You can keep browsing the catalogue meanwhile."
          action={{ to: "/shop", label: "Continue Shopping" }}
        />
      );
    }
    // A refusal thrown with a sentence of ours (`throw data("…", { status: 403 })`) says it; any other stays generic.
    const message =
      typeof error.data === "string" && error.status < 500 ? error.data : "Something went wrong with that request.";
    const title =
      error.status === 403 ? "Request refused" : error.status === 429 ? "Please wait" : `Error ${error.status}`;
    return <ErrorPage title={title} message={message} />;
  }
  if (typeof document !== "undefined") console.error(error);
  return (
    <ErrorPage
      title="Something went wrong"
      message="We're sorry, an unexpected error occurred. Please try again in a moment."
    />
  );
}
