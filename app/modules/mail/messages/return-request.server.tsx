import type { OutboxMessage } from "~/backend/ports/outbox";
import { toOrder, type OrderRow } from "~/backend/rows.server";
import { orderNumber } from "~/modules/account/orders";
import { returnStateLabel, type ReturnState } from "~/modules/orders/lifecycle";
import { site } from "~/site/site";
import { factsMessage, type MailAttachment, type RenderContext, type RenderedMail } from "../layout.server";

// A return or exchange request's steps (issue 40, decision 0047), written by the step's own transaction
// (public.request_return, public.move_return_request): the order status e-mails' shape, one fact a line.

interface ReturnPayload {
  kind: "return" | "exchange";
  state: ReturnState;
  reason: string;
  staff_note: string | null;
  tracking_number: string | null;
  exchange_order: { id: string } | null;
  lines: { quantity: number; product_name: string; variant_label: string | null; exchange_label: string | null }[];
}

export function returnRequestMail(message: OutboxMessage, context: RenderContext): RenderedMail {
  const order = toOrder(message.payload as unknown as OrderRow);
  const request = message.payload.return as ReturnPayload;
  const number = orderNumber(order.id);
  const what = request.kind === "exchange" ? "exchange" : "return";
  const facts: [string, string][] = [
    ["Order number", `#${number}`],
    ["Request", `${what === "exchange" ? "Exchange" : "Return"}: ${returnStateLabel(request.state)}`],
    ...request.lines.map((line): [string, string] => [
      `${line.quantity} x ${line.product_name}${line.variant_label ? ` (${line.variant_label})` : ""}`,
      line.exchange_label ? `For: ${line.exchange_label}` : "Returned",
    ]),
  ];
  // The approval's label (decision 0048), when staff attached one: the carrier's PDF, base64 in the payload.
  const label = typeof message.payload.return_label_pdf === "string" ? message.payload.return_label_pdf : null;
  const attachments: MailAttachment[] = [];
  let heading: string;
  let subject: string;
  let paragraphs: string[];
  switch (request.state) {
    case "approved":
      heading = `Your ${what} is approved`;
      subject = `Your ${what} for ${site.name} order #${number} is approved`;
      paragraphs = [
        `Please pack the items unused, with their tags, write order #${number} on a note inside, and send them to: ${site.address}.`,
        ...(label ? ["Your prepaid return label is attached: print it and stick it on the parcel."] : []),
        ...(request.staff_note ? [request.staff_note] : []),
        "We will e-mail you as soon as they arrive.",
      ];
      if (request.tracking_number) facts.push(["Return tracking number", request.tracking_number]);
      if (label) {
        attachments.push({
          filename: `return-label-${number}.pdf`,
          contentType: "application/pdf",
          content: Buffer.from(label, "base64"),
        });
      }
      break;
    case "declined":
      heading = `We cannot accept this ${what}`;
      subject = `Your ${what} for ${site.name} order #${number}`;
      paragraphs = [...(request.staff_note ? [`Reason: ${request.staff_note}`] : [])];
      break;
    case "received":
      heading = "We have received your items";
      subject = `Your ${what} for ${site.name} order #${number} has arrived`;
      paragraphs = [
        what === "exchange"
          ? "Thank you: we will send your exchange shortly and e-mail you when it ships."
          : "Thank you: we will refund the returned items shortly; refunds take 5-7 business days to appear.",
      ];
      break;
    case "exchanged":
      heading = "Your exchange is on its way to being shipped";
      subject = `Your exchange for ${site.name} order #${number}`;
      paragraphs = [
        `We have made your exchange as order #${orderNumber(request.exchange_order?.id ?? order.id)}, at no charge. We will e-mail you the tracking number when it ships.`,
      ];
      break;
    default:
      heading = `We have your ${what} request`;
      subject = `Your ${what} request for ${site.name} order #${number}`;
      paragraphs = [
        `Reason: ${request.reason}`,
        "We will look at it and e-mail you the next steps, usually within 24 hours.",
      ];
  }
  paragraphs.push(`Questions? Write to us at ${site.email} or call ${site.phone}.`);
  const action = order.userId ? { label: "See your orders", href: new URL("/orders", context.origin).href } : null;

  return { ...factsMessage(context, { subject, heading, paragraphs, facts, action }), attachments };
}
