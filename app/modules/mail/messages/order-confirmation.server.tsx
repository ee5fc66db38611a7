import type { Order } from "~/backend/ports/orders";
import type { OutboxMessage } from "~/backend/ports/outbox";
import { toOrder, type OrderRow } from "~/backend/rows.server";
import { orderLineName, orderNumber } from "~/modules/account/orders";
import { shippingMethodName } from "~/modules/checkout/shipping";
import { formatCents } from "~/modules/money";
import { site } from "~/site/site";
import {
  Button,
  colors,
  footerLinks,
  footerText,
  headingStyle,
  page,
  withSecret,
  type MailTemplate,
  type RenderContext,
} from "../layout.server";
import { shopperText } from "../shopper-text";

// Text a shopper typed (a name, an address) appears only in an order's address block, each line through
// `shopperText()`: capped in length, and never a link (decision 0027).

/** To the customer: the order placed, what it costs, how to pay and where it goes. */
export const orderConfirmation: MailTemplate = (message, context) => {
  const order = toOrder(message.payload as unknown as OrderRow);
  const number = orderNumber(order.id);
  const money = (cents: number) => formatCents(cents, order.currency);
  const lines = order.items.map((item) => ({
    name: orderLineName(item),
    quantity: item.quantity,
    unit: money(item.pricePerItem),
    total: money(item.pricePerItem * item.quantity),
  }));
  const subtotal = order.items.reduce((sum, item) => sum + item.pricePerItem * item.quantity, 0);
  // The total is the subtotal plus the shipping the database priced, less the discount code's line; no tax is
  // charged (the checkout says so).
  const totals: ReadonlyArray<readonly [string, string]> = [
    ["Subtotal", money(subtotal)],
    [
      `Shipping (${shippingMethodName(order.shippingMethod)})`,
      order.shippingAmount === 0 ? "Free" : money(order.shippingAmount),
    ],
    ...(order.discount
      ? [[`Discount (${order.discount.code})`, `−${money(order.discount.amountCents)}`] as const]
      : []),
    ["Tax", money(0)],
    ["Total", money(order.totalAmount)],
  ];
  const addressLines = shippingLines(order.shippingAddress);
  const orderLink = orderLinkOf(order, message, context);
  const subject = `Your ${site.name} order #${number}`;
  const payment = paymentParagraph(context.payment);

  const text = [
    `Thank you for your order!`,
    ``,
    `Order number: #${number}`,
    ``,
    ...lines.map((line) => `${line.name}\n  ${line.quantity} x ${line.unit} = ${line.total}`),
    ``,
    ...totals.map(([label, value]) => `${label}: ${value}`),
    ...(payment ? [``, `${payment.heading}:`, payment.text] : []),
    ``,
    `Shipping to:`,
    ...addressLines.map((line) => `  ${line}`),
    ...(orderLink ? [``, `${orderLink.label}: ${orderLink.href}`] : []),
    ``,
    footerText(context),
  ].join("\n");

  // Two columns, whatever the width: the product with "2 x $299.00" under it, and the line's total. Four columns
  // (item, qty, price, total) ran together on a phone ("1$299.00$299.00").
  const cell = { padding: "10px 0", borderBottom: `1px solid ${colors.line}`, verticalAlign: "top" } as const;
  const html = page(
    context,
    subject,
    <>
      <h1 style={headingStyle}>Thank you for your order!</h1>
      <p style={{ margin: "0 0 16px", color: colors.muted }}>
        Order number: <strong style={{ color: colors.ink }}>#{number}</strong>
      </p>
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: "collapse" }}>
        <tbody>
          {lines.map((line, index) => (
            <tr key={index}>
              <td style={{ ...cell, paddingRight: "12px" }}>
                {line.name}
                <br />
                <span style={{ fontSize: "14px", color: colors.muted }}>
                  {line.quantity} &times; {line.unit}
                </span>
              </td>
              <td align="right" style={{ ...cell, whiteSpace: "nowrap" }}>
                {line.total}
              </td>
            </tr>
          ))}
          {totals.map(([label, value]) => {
            const weight = label === "Total" ? "bold" : "normal";
            return (
              <tr key={label}>
                <td align="right" style={{ padding: "6px 12px 0 0", fontWeight: weight }}>
                  {label}
                </td>
                <td align="right" style={{ padding: "6px 0 0", fontWeight: weight, whiteSpace: "nowrap" }}>
                  {value}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {payment ? (
        <>
          <h2 style={{ fontSize: "16px", margin: "24px 0 4px" }}>{payment.heading}</h2>
          <p style={{ margin: 0, whiteSpace: "pre-line" }}>{payment.text}</p>
        </>
      ) : null}
      <h2 style={{ fontSize: "16px", margin: "24px 0 4px" }}>Shipping to</h2>
      <p style={{ margin: 0, overflowWrap: "anywhere" }}>
        {addressLines.map((line, index) => (
          <span key={index}>
            {line}
            <br />
          </span>
        ))}
      </p>
      {orderLink ? <Button href={orderLink.href}>{orderLink.label}</Button> : null}
    </>,
  );
  return {
    subject,
    text,
    html,
    headers: {},
    links: [...(orderLink ? [orderLink.href] : []), ...footerLinks(context)],
  };
};

/** The confirmation's word on payment: the manual provider's instructions, or the card payment under way. */
function paymentParagraph(payment: RenderContext["payment"]): { heading: string; text: string } | null {
  if (!payment) return null;
  if (payment.kind === "manual") return { heading: "How to pay", text: payment.instructions };
  return {
    heading: "Payment",
    text: "By card on our secure payment page. We will e-mail you as soon as your payment is received.",
  };
}

/**
 * Where an order's e-mail sends the shopper to see the order: a member's order history; a guest, the order's own
 * page (decision 0029), whose token this message carries once.
 */
function orderLinkOf(
  order: Order,
  message: OutboxMessage,
  context: RenderContext,
): { href: string; label: string } | null {
  if (order.userId) return { href: new URL("/orders", context.origin).href, label: "See your orders" };
  if (message.secret)
    return { href: withSecret(context, "/order-status", "token", message.secret), label: "Follow your order" };
  return null;
}

/** The address block of an order: the only place shopper-typed text appears in a message. */
function shippingLines(address: Order["shippingAddress"]): string[] {
  return [
    shopperText(`${address.firstName} ${address.lastName}`),
    shopperText(address.address),
    shopperText(`${address.city}, ${address.state} ${address.zipCode}`),
    shopperText(address.country),
    shopperText(address.phone),
  ];
}
