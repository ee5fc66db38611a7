// What the staff's e-mail says of money that needs their eye (decision 0033): written by the database with the order
// (kind order_payment_alert, to the new-order e-mail's recipients), worded here. Pure, tested beside.
import { formatCents } from "~/modules/money";

export interface PaymentAlert {
  kind: "paid_after_cancel" | "dispute_created" | "dispute_closed";
  amount?: number | null;
  reason?: string | null;
  status?: string | null;
  dispute_id?: string | null;
}

/** The subject's tail, the heading and the paragraph of the alert about order #`number`. */
export function paymentAlertText(alert: PaymentAlert, number: string, currency: string) {
  const amount = typeof alert.amount === "number" ? formatCents(alert.amount, currency) : "the payment";
  switch (alert.kind) {
    case "paid_after_cancel":
      return {
        subject: `Order #${number} was paid after it was cancelled: refunded automatically`,
        heading: "Paid after cancellation",
        paragraph:
          `A card payment of ${amount} arrived for order #${number} after it was cancelled. The shop is refunding it ` +
          "in full automatically; the order page shows the refund once Stripe has made it. Nothing is to be shipped.",
      };
    case "dispute_created":
      return {
        subject: `Dispute opened on order #${number}: ${amount}`,
        heading: "A payment is disputed",
        paragraph:
          `The customer's bank disputes ${amount} of order #${number}` +
          (alert.reason ? ` (reason: ${alert.reason.replaceAll("_", " ")})` : "") +
          ". Answer it with your evidence in the Stripe dashboard before its deadline, or the money goes back to the customer.",
      };
    case "dispute_closed":
      return {
        subject: `Dispute closed on order #${number}: ${alert.status ?? "closed"}`,
        heading: "A dispute is closed",
        paragraph: `The dispute of ${amount} on order #${number} is closed: ${(alert.status ?? "closed").replaceAll("_", " ")}.`,
      };
  }
}
