// Every e-mail the shop sends (decision 0016), by its outbox kind: one message a file in ./messages, all built on
// the layout in layout.server.tsx. A new kind is a file there and a line here.
import type { OutboxMessage } from "~/backend/ports/outbox";
import { MOVES, RETURN_MOVES, RETURN_REQUESTED_EMAIL, type OrderStep } from "~/modules/orders/lifecycle";
import type { PaymentAlert } from "~/modules/payment/payment-alerts";
import type { MailTemplate, RenderContext, RenderedMail } from "./layout.server";
import { accountExists } from "./messages/account-exists.server";
import { confirmSignup } from "./messages/confirm-signup.server";
import { lowStockMail } from "./messages/low-stock.server";
import { newsletterConfirmation } from "./messages/newsletter-confirmation.server";
import { newsletterWelcome } from "./messages/newsletter-welcome.server";
import { orderConfirmation } from "./messages/order-confirmation.server";
import { orderReceivedMail } from "./messages/order-received.server";
import { orderStatusMail } from "./messages/order-status.server";
import { passwordReset } from "./messages/password-reset.server";
import { returnRequestMail } from "./messages/return-request.server";

/** A message kind the sender does not know: a deployment running older code than its database. */
export class UnknownMailKindError extends Error {
  override readonly name = "UnknownMailKindError";
}

export function renderMail(message: OutboxMessage, context: RenderContext): RenderedMail {
  const render = templates[message.kind];
  if (!render) throw new UnknownMailKindError(`No template for e-mail kind "${message.kind}".`);
  return render(message, context);
}

const templates: Record<string, MailTemplate> = {
  order_confirmation: orderConfirmation,
  // The order's later steps (decision 0029), written by the status change's own transaction: one per move.
  ...Object.fromEntries(
    MOVES.map((move): [string, MailTemplate] => [
      move.email,
      (message, context) => orderStatusMail(message, context, move.to as OrderStep),
    ]),
  ),
  // A refund beside the status (issue 40, decision 0043), written by public.refund_order's transaction.
  order_refunded: (message, context) => orderStatusMail(message, context, "refunded"),
  // A return or exchange request's steps (decision 0047): the shopper's request, then each staff move's e-mail.
  [RETURN_REQUESTED_EMAIL]: returnRequestMail,
  ...Object.fromEntries(
    RETURN_MOVES.filter((move) => move.email !== "order_refunded").map((move): [string, MailTemplate] => [
      move.email,
      returnRequestMail,
    ]),
  ),
  order_received: (message, context) => orderReceivedMail(message, context),
  // Money that needs staff's eye (decision 0033): the new-order e-mail's shape, with what happened on top.
  order_payment_alert: (message, context) => orderReceivedMail(message, context, message.payload.alert as PaymentAlert),
  // A tracked variant fell to its low-stock threshold (decision 0036).
  low_stock: lowStockMail,
  confirm_signup: confirmSignup,
  account_exists: accountExists,
  password_reset: passwordReset,
  newsletter_confirmation: newsletterConfirmation,
  newsletter_welcome: newsletterWelcome,
};
