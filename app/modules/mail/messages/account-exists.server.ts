import { site } from "~/site/site";
import { linkMessage, type MailTemplate } from "../layout.server";

// Sign-up with an address that has an account answers as for a new one (so it tells nobody who is a member); the
// owner learns of it here, with the two ways back in.
export const accountExists: MailTemplate = (_message, context) => {
  const signIn = new URL("/auth", context.origin).href;
  const reset = new URL("/forgot-password", context.origin).href;
  return linkMessage(context, {
    subject: `Someone tried to create a ${site.name} account with your address`,
    heading: "You already have an account",
    body:
      "Someone, probably you, tried to create an account with this e-mail address, which already has one. " +
      "Sign in with your password, or set a new one if you have forgotten it.",
    action: "Sign in",
    link: signIn,
    secondary: { label: "Reset your password", link: reset },
    ignore: "If it was not you, ignore this e-mail: no account was created and nothing changed.",
  });
};
