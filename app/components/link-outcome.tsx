import type { ReactNode } from "react";
import { Link } from "@remix-run/react";

/**
 * The page an e-mailed link opens (newsletter confirmation and unsubscribe, a used or expired sign-in link):
 * a heading, a sentence, what to do next. Plain HTML: it works without JavaScript.
 */
export function LinkOutcome({
  title,
  message,
  children,
  action = { to: "/", label: "Continue Shopping" },
}: {
  title: string;
  message: string;
  children?: ReactNode;
  action?: { to: string; label: string } | null;
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="font-serif text-4xl text-ink">{title}</h1>
      <p className="mt-4 text-ink-muted">{message}</p>
      {children}
      {action ? (
        <Link to={action.to} className="btn-primary mt-8">
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}
