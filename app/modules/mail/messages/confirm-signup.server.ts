import { site } from "~/site/site";
import { linkMessage, stringField, withSecret, type MailTemplate } from "../layout.server";

/** A new account's address-confirmation link (the embedded and PostgreSQL backends). */
export const confirmSignup: MailTemplate = (message, context) => {
  const link = withSecret(context, stringField(message.payload, "link_path"), "code", message.secret);
  return linkMessage(context, {
    subject: `Confirm your ${site.name} account`,
    heading: "Confirm your email address",
    body: "Follow this link to confirm your address and sign in. It works once, for 24 hours, in any browser.",
    action: "Confirm my address",
    link,
    ignore: "If you did not create an account, ignore this e-mail: nothing happens without the link.",
  });
};
