import { site } from "~/site/site";
import { linkMessage, withSecret, type MailTemplate } from "../layout.server";

/** Double opt-in: the link to the page whose button confirms the subscription (decision 0027). */
export const newsletterConfirmation: MailTemplate = (message, context) => {
  const link = withSecret(context, "/newsletter/confirm", "token", message.secret);
  return linkMessage(context, {
    subject: `Confirm your ${site.name} newsletter subscription`,
    heading: "One more step",
    body: "Follow this link and press the button on the page to confirm that you want our newsletter. It works once, for 7 days.",
    action: "Yes, subscribe me",
    link,
    ignore: "If you did not subscribe, ignore this e-mail: you will get nothing more from us.",
  });
};
