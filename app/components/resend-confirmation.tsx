import { Form } from "@remix-run/react";

/** Under a sign-in refused for an unconfirmed address (decision 0016): send the confirmation link again. */
export function ResendConfirmation({ email, redirectTo }: { email: string; redirectTo: string }) {
  return (
    <Form
      method="post"
      action="/auth/resend"
      className="mt-4 rounded-lg border border-sand-200 bg-sand-50 p-4 text-sm text-ink"
    >
      <p>Your email address is not confirmed yet. Follow the link in the email we sent, or get a new one.</p>
      <input type="hidden" name="email" value={email} />
      {redirectTo !== "/" ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <button type="submit" className="btn btn-outline mt-3 w-full">
        Resend confirmation email
      </button>
    </Form>
  );
}
