import { site } from "~/site/site";
import { linkMessage, stringField, withSecret, type MailTemplate } from "../layout.server";

/** "Forgot password?": the reset link. */
export const passwordReset: MailTemplate = (message, context) => {
  const link = withSecret(context, stringField(message.payload, "link_path"), "code", message.secret);
  return linkMessage(context, {
    subject: `Reset your ${site.name} password`,
    heading: "Set a new password",
    body: "Follow this link to choose a new password. It works once, for 1 hour, in any browser; setting the password signs you out everywhere else.",
    action: "Set a new password",
    link,
    ignore: "If you did not ask for this, ignore this e-mail: your password stays as it is.",
  });
};
