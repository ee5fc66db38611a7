import type { OutboxMessage } from "~/backend/ports/outbox";
import { toOrder, type OrderRow } from "~/backend/rows.server";
import { orderLineName, orderNumber } from "~/modules/account/orders";
import { formatCents } from "~/modules/money";
import { paymentAlertText, type PaymentAlert } from "~/modules/payment/payment-alerts";
import {
  Button,
  Facts,
  footerLinks,
  footerText,
  headingStyle,
  page,
  type RenderContext,
  type RenderedMail,
} from "../layout.server";
import { shopperText } from "../shopper-text";

/** To the shop (ORDERS_EMAIL): a new order, or a payment alert about one, with a link to it in the back office. */
export function orderReceivedMail(message: OutboxMessage, context: RenderContext, alert?: PaymentAlert): RenderedMail {
  const order = toOrder(message.payload as unknown as OrderRow);
  const number = orderNumber(order.id);
  const money = (cents: number) => formatCents(cents, order.currency);
  const total = money(order.totalAmount);
  const link = new URL(`/admin/orders/${order.id}`, context.origin).href;
  const said = alert ? paymentAlertText(alert, number, order.currency) : null;
  const heading = said?.heading ?? `New order #${number}`;
  const subject = said?.subject ?? `New order #${number}: ${total}`;
  const address = order.shippingAddress;
  const facts: [string, string][] = [
    ["Order number", `#${number}`],
    [
      "Customer",
      `${shopperText(`${address.firstName} ${address.lastName}`)} <${order.email}> (${order.userId ? "member" : "guest"})`,
    ],
    ...order.items.map((item): [string, string] => [
      orderLineName(item),
      `${item.quantity} x ${money(item.pricePerItem)}`,
    ]),
    ["Shipping", order.shippingAmount === 0 ? "Free" : money(order.shippingAmount)],
    ...(order.discount
      ? [[`Discount (${order.discount.code})`, `−${money(order.discount.amountCents)}`] as [string, string]]
      : []),
    ["Total", total],
  ];
  const text = [
    heading,
    ``,
    ...(said ? [said.paragraph, ``] : []),
    ...facts.map(([label, value]) => `${label}: ${value}`),
    ``,
    `Open it: ${link}`,
    ``,
    footerText(context),
  ].join("\n");
  const html = page(
    context,
    subject,
    <>
      <h1 style={headingStyle}>{heading}</h1>
      {said ? <p style={{ margin: "0 0 12px" }}>{said.paragraph}</p> : null}
      <Facts facts={facts} />
      <Button href={link}>Open the order</Button>
    </>,
  );
  return { subject, text, html, headers: {}, links: [link, ...footerLinks(context)] };
}
