import type { OutboxMessage } from "~/backend/ports/outbox";
import { toOrder, type OrderRow } from "~/backend/rows.server";
import { orderNumber } from "~/modules/account/orders";
import { trackingUrl } from "~/modules/account/tracking";
import { formatCents } from "~/modules/money";
import type { OrderStep } from "~/modules/orders/lifecycle";
import { site } from "~/site/site";
import { factsMessage, type RenderContext, type RenderedMail } from "../layout.server";

// Order status e-mails (decision 0029): short, one column, every fact on a line of its own, so that they read the
// same at 320 px, in a plain-text client and with images off.

interface StatusPayload {
  note?: string | null;
  from_status?: string | null;
  /** A refund beside the status (kind order_refunded, public.refund_order). */
  refund?: { amount: number; manual: boolean; reason: string } | null;
}

/** The order's status steps, and a refund (which changes no status: decision 0043). */
export type OrderMailStep = OrderStep | "refunded";

export function orderStatusMail(message: OutboxMessage, context: RenderContext, step: OrderMailStep): RenderedMail {
  const order = toOrder(message.payload as unknown as OrderRow);
  const extra = message.payload as StatusPayload;
  const number = orderNumber(order.id);
  const total = formatCents(order.totalAmount, order.currency);
  const facts: [string, string][] = [["Order number", `#${number}`]];
  let heading: string;
  let subject: string;
  let paragraphs: string[];
  let action: { label: string; href: string } | null = null;

  switch (step) {
    case "paid":
      heading = "Payment received";
      subject = `Payment received for your ${site.name} order #${number}`;
      paragraphs = [
        `Thank you: we have received your payment of ${total}. We are preparing your order and will e-mail you when it ships.`,
      ];
      break;
    case "shipped": {
      heading = "Your order has shipped";
      subject = `Your ${site.name} order #${number} has shipped`;
      paragraphs = ["Your order is on its way."];
      facts.push(["Carrier", order.carrier ?? ""], ["Tracking number", order.trackingNumber ?? ""]);
      const url = trackingUrl(order.carrier, order.trackingNumber);
      if (url) action = { label: "Track your parcel", href: url };
      else paragraphs.push("Use the tracking number on your carrier's website to follow the parcel.");
      break;
    }
    case "delivered":
      heading = "Your order was delivered";
      subject = `Your ${site.name} order #${number} was delivered`;
      paragraphs = [
        "Your order has been delivered. We hope you love it!",
        "Not quite right? You can return it within 30 days of delivery.",
      ];
      action = { label: "Our returns policy", href: new URL("/returns", context.origin).href };
      break;
    case "cancelled":
      heading = "Your order was cancelled";
      subject = `Your ${site.name} order #${number} was cancelled`;
      paragraphs = [
        ...(extra.note ? [`Reason: ${extra.note}`] : []),
        extra.from_status === "paid"
          ? `Your payment of ${total} will be refunded to your original payment method; refunds take 5-7 business days to appear.`
          : "You have not been charged for this order.",
        `Questions? Write to us at ${site.email} or call ${site.phone}.`,
      ];
      break;
    case "refunded": {
      const refund = extra.refund ?? { amount: 0, manual: false, reason: "" };
      const amount = formatCents(refund.amount, order.currency);
      heading = "We have refunded you";
      subject = `A refund of ${amount} for your ${site.name} order #${number}`;
      paragraphs = [
        ...(refund.reason ? [`Reason: ${refund.reason}`] : []),
        refund.manual
          ? `We have paid ${amount} back to you by the way you paid us.`
          : `${amount} is on its way back to your card; refunds take 5-7 business days to appear.`,
        `Questions? Write to us at ${site.email} or call ${site.phone}.`,
      ];
      facts.push(["Refunded", amount]);
      if (order.refundedAmount > refund.amount) {
        facts.push(["Refunded in all", formatCents(order.refundedAmount, order.currency)]);
      }
      break;
    }
  }
  facts.push(["Total", total]);
  if (!action && order.userId) action = { label: "See your orders", href: new URL("/orders", context.origin).href };

  return factsMessage(context, { subject, heading, paragraphs, facts, action });
}
