import { welcomeCodeNote, type WelcomeCodePayload } from "~/modules/discounts/welcome-code";
import { site } from "~/site/site";
import { linkMessage, SHOP_PATH, withSecret, type MailTemplate } from "../layout.server";

/**
 * After confirming: welcome, with the unsubscribe link in the footer and the headers; and, while the shop's welcome
 * offer is on, the subscriber's personal one-use code (decision 0042).
 */
export const newsletterWelcome: MailTemplate = (message, context) => {
  const unsubscribe = withSecret(context, "/newsletter/unsubscribe", "token", message.secret);
  const welcome = (message.payload as { welcome_code?: WelcomeCodePayload }).welcome_code;
  const mail = linkMessage(context, {
    subject: `Welcome to the ${site.name} newsletter`,
    heading: "You are subscribed",
    body: "Thank you for confirming. You will hear from us about new arrivals, care tips and offers.",
    ...(welcome ? { keep: { label: "Your welcome code", value: welcome.code, note: welcomeCodeNote(welcome) } } : {}),
    action: "Visit the shop",
    link: new URL(SHOP_PATH, context.origin).href,
    ignore: "",
    unsubscribe,
  });
  // RFC 8058 one-click unsubscribe: mail clients post List-Unsubscribe=One-Click to the link.
  return {
    ...mail,
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
};
