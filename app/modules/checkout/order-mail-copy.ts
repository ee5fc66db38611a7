// What the shop says about an order's e-mails: the specification's texts when it sends mail, and with mail off
// (MAIL=off, or production without SMTP_URL) what is true instead, so that it promises no e-mail anywhere.

export interface Notice {
  title: string;
  description: string;
}

/** The toast after checkout. */
export function orderPlacedNotice(sendsMail: boolean): Notice {
  return {
    title: "Order placed successfully!",
    description: sendsMail
      ? "You will receive a confirmation email shortly."
      : "Your order page shows its status as it changes.",
  };
}

/** The success page's thank-you, for the browser that placed the order (`own`) or anyone else with its address. */
export function thankYouText({ sendsMail, own }: { sendsMail: boolean; own: boolean }): string {
  if (!own) return "Thank you for your purchase.";
  return sendsMail
    ? "Thank you for your purchase. We're preparing your order and will send you a confirmation email with tracking details shortly."
    : "Thank you for your purchase. We're preparing your order: its page shows the tracking details once it ships.";
}

/** A card payment not confirmed yet. */
export function paymentProcessingText(sendsMail: boolean): string {
  return sendsMail
    ? "Your payment is being confirmed. We will e-mail you as soon as it is received."
    : "Your payment is being confirmed. Reload this page in a moment to see it received.";
}

/** The guest order page's help line, after 'See our FAQ'. */
export function orderQuestionsText(sendsMail: boolean): string {
  return sendsMail ? "or reply to your confirmation e-mail." : "or contact us with your order number.";
}
