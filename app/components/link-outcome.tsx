import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";

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

/**
 * The page of an e-mailed link that changes something (newsletter confirmation, unsubscribe): it asks first, with a
 * button that posts the link's token, so that a mail scanner opening every link changes nothing.
 */
export function LinkButtonOutcome({
  title,
  message,
  action,
  token,
  label,
}: {
  title: string;
  message: string;
  action: string;
  token: string;
  label: string;
}) {
  return (
    <LinkOutcome title={title} message={message} action={null}>
      <Form method="post" action={`${action}?token=${token}`} className="mt-8">
        <input type="hidden" name="token" value={token} />
        <button type="submit" className="btn-primary">
          {label}
        </button>
      </Form>
    </LinkOutcome>
  );
}
