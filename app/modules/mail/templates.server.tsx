// The shop's e-mails (decision 0016), rendered on the server only (a *.server module never reaches the client bundle):
// plain TSX through react-dom/server, with no e-mail framework (decision 0016). Each message has a plain-text
// part and an HTML part made of tables and inline styles, with no images, so both read the same with images off.
// Every message goes through `page()` (HTML) and `footerText()` (plain text): one column that reads at 320 px, and a
// footer with the shop's address and links to the shop and to its help and contact page. A new kind is a template
// below built from those, `linkMessage()` for a message whose point is one link.
// Text a shopper typed (a name, an address) appears only in an order's address block, each line through
// `shopperText()`: capped in length, and never a link (decision 0027).
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

import type { Order } from "~/backend/ports/orders";
import type { OutboxMessage } from "~/backend/ports/outbox";
import { toOrder, type OrderRow } from "~/backend/rows.server";
import { orderLineName, orderNumber } from "~/modules/account/orders";
import { trackingUrl } from "~/modules/account/tracking";
import { shippingMethodName } from "~/modules/checkout/shipping";
import { formatCents } from "~/modules/money";
import { paymentAlertText, type PaymentAlert } from "~/modules/payment/payment-alerts";
import { site } from "~/site/site";
import { shopperText } from "./shopper-text";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers: Record<string, string>;
  /** Every link in the message, for the development log. */
  links: string[];
}

export interface RenderContext {
  /** The shop's public origin, e.g. https://shop.example.com: links never take it from a request. */
  origin: string;
  /** How orders are paid (decision 0031): the order confirmation says it. */
  payment?: { kind: "manual"; instructions: string } | { kind: "card" };
}

/** The shop's pages every message links to in its footer. */
const SHOP_PATH = "/shop";
/** Help and contact: the FAQ page ends with the shop's e-mail, phone and hours. */
const CONTACT_PATH = "/faq";

/** A message kind the sender does not know: a deployment running older code than its database. */
export class UnknownMailKindError extends Error {
  override readonly name = "UnknownMailKindError";
}

export function renderMail(message: OutboxMessage, context: RenderContext): RenderedMail {
  const render = templates[message.kind];
  if (!render) throw new UnknownMailKindError(`No template for e-mail kind "${message.kind}".`);
  return render(message, context);
}

type Template = (message: OutboxMessage, context: RenderContext) => RenderedMail;

const colors = { ink: "#2b2420", muted: "#6b5f57", line: "#e8dfd6", brand: "#8a4b2f", sand: "#faf6f1" } as const;

function withSecret(context: RenderContext, path: string, name: string, secret: string | null): string {
  if (!secret) throw new Error("This message's link was already sent or given up: its token is gone.");
  const url = new URL(path, context.origin);
  url.searchParams.set(name, secret);
  return url.href;
}

function stringField(payload: Record<string, unknown>, name: string): string {
  const value = payload[name];
  if (typeof value !== "string") throw new Error(`The message has no ${name}.`);
  return value;
}

const templates: Record<string, Template> = {
  order_confirmation(message, context) {
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
    // The total is the subtotal plus the shipping the database priced; no tax is charged (the checkout says so).
    const totals = [
      ["Subtotal", money(subtotal)],
      [
        `Shipping (${shippingMethodName(order.shippingMethod)})`,
        order.shippingAmount === 0 ? "Free" : money(order.shippingAmount),
      ],
      ["Tax", money(0)],
      ["Total", money(order.totalAmount)],
    ] as const;
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
  },

  // The order's later steps (decision 0029), written by the status change's own transaction.
  order_paid: (message, context) => orderStatusMail(message, context, "paid"),
  order_shipped: (message, context) => orderStatusMail(message, context, "shipped"),
  order_delivered: (message, context) => orderStatusMail(message, context, "delivered"),
  order_cancelled: (message, context) => orderStatusMail(message, context, "cancelled"),
  order_received: (message, context) => orderReceivedMail(message, context),
  // Money that needs staff's eye (decision 0033): the new-order e-mail's shape, with what happened on top.
  order_payment_alert: (message, context) => orderReceivedMail(message, context, message.payload.alert as PaymentAlert),

  confirm_signup(message, context) {
    const link = withSecret(context, stringField(message.payload, "link_path"), "code", message.secret);
    return linkMessage(context, {
      subject: `Confirm your ${site.name} account`,
      heading: "Confirm your email address",
      body: "Follow this link to confirm your address and sign in. It works once, for 24 hours, in any browser.",
      action: "Confirm my address",
      link,
      ignore: "If you did not create an account, ignore this e-mail: nothing happens without the link.",
    });
  },

  // Sign-up with an address that has an account answers as for a new one (so it tells nobody who is a member); the
  // owner learns of it here, with the two ways back in.
  account_exists(_message, context) {
    const signIn = new URL("/auth", context.origin).href;
    const reset = new URL("/forgot-password", context.origin).href;
    return linkMessage(context, {
      subject: `Someone tried to create a ${site.name} account with your address`,
      heading: "You already have an account",
      body:
        "Someone, probably you, tried to create an account with this e-mail address, which already has one. " +
        "Sign in with your password, or set a new one if you have forgotten it.",
      action: "Sign in",
      link: signIn,
      secondary: { label: "Reset your password", link: reset },
      ignore: "If it was not you, ignore this e-mail: no account was created and nothing changed.",
    });
  },

  password_reset(message, context) {
    const link = withSecret(context, stringField(message.payload, "link_path"), "code", message.secret);
    return linkMessage(context, {
      subject: `Reset your ${site.name} password`,
      heading: "Set a new password",
      body: "Follow this link to choose a new password. It works once, for 1 hour, in any browser; setting the password signs you out everywhere else.",
      action: "Set a new password",
      link,
      ignore: "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    });
  },

  newsletter_confirmation(message, context) {
    const link = withSecret(context, "/newsletter/confirm", "token", message.secret);
    return linkMessage(context, {
      subject: `Confirm your ${site.name} newsletter subscription`,
      heading: "One more step",
      body: "Follow this link and press the button on the page to confirm that you want our newsletter. It works once, for 7 days.",
      action: "Yes, subscribe me",
      link,
      ignore: "If you did not subscribe, ignore this e-mail: you will get nothing more from us.",
    });
  },

  newsletter_welcome(message, context) {
    const unsubscribe = withSecret(context, "/newsletter/unsubscribe", "token", message.secret);
    const mail = linkMessage(context, {
      subject: `Welcome to the ${site.name} newsletter`,
      heading: "You are subscribed",
      body: "Thank you for confirming. You will hear from us about new arrivals, care tips and offers.",
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
  },
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

const headingStyle = { fontSize: "22px", lineHeight: "1.3", margin: "0 0 8px" } as const;

// ---------------------------------------------------------------------------------------------------
// Order status e-mails (decision 0029): short, one column, every fact on a line of its own, so that they read the
// same at 320 px, in a plain-text client and with images off.

type OrderStep = "paid" | "shipped" | "delivered" | "cancelled";

interface StatusPayload {
  note?: string | null;
  from_status?: string | null;
}

function orderStatusMail(message: OutboxMessage, context: RenderContext, step: OrderStep): RenderedMail {
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
  }
  facts.push(["Total", total]);
  if (!action && order.userId) action = { label: "See your orders", href: new URL("/orders", context.origin).href };

  const text = [
    heading,
    ``,
    ...paragraphs.flatMap((paragraph) => [paragraph, ``]),
    ...facts.map(([label, value]) => `${label}: ${value}`),
    ...(action ? [``, `${action.label}: ${action.href}`] : []),
    ``,
    footerText(context),
  ].join("\n");
  const html = page(
    context,
    subject,
    <>
      <h1 style={headingStyle}>{heading}</h1>
      {paragraphs.map((paragraph, index) => (
        <p key={index} style={{ margin: "0 0 12px" }}>
          {paragraph}
        </p>
      ))}
      <Facts facts={facts} />
      {action ? <Button href={action.href}>{action.label}</Button> : null}
    </>,
  );
  return { subject, text, html, headers: {}, links: [...(action ? [action.href] : []), ...footerLinks(context)] };
}

/** To the shop (ORDERS_EMAIL): a new order, or a payment alert about one, with a link to it in the back office. */
function orderReceivedMail(message: OutboxMessage, context: RenderContext, alert?: PaymentAlert): RenderedMail {
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

/** Label and value on a line each, so that nothing needs a wide table. */
function Facts({ facts }: { facts: readonly (readonly [string, string])[] }) {
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderCollapse: "collapse", margin: "8px 0 0" }}
    >
      <tbody>
        {facts.map(([label, value], index) => (
          <tr key={index}>
            <td style={{ padding: "6px 0", borderTop: `1px solid ${colors.line}` }}>
              <span style={{ display: "block", fontSize: "13px", color: colors.muted }}>{label}</span>
              <span style={{ display: "block", wordBreak: "break-word" }}>{value}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function linkMessage(
  context: RenderContext,
  content: {
    subject: string;
    heading: string;
    body: string;
    action: string;
    link: string;
    /** A second, quieter way on (e.g. "Reset your password" beside "Sign in"). */
    secondary?: { label: string; link: string };
    ignore: string;
    unsubscribe?: string;
  },
): RenderedMail {
  const text = [
    content.heading,
    ``,
    content.body,
    ``,
    `${content.action}: ${content.link}`,
    ...(content.secondary ? [`${content.secondary.label}: ${content.secondary.link}`] : []),
    ...(content.ignore ? [``, content.ignore] : []),
    ``,
    footerText(context, content.unsubscribe),
  ].join("\n");
  const html = page(
    context,
    content.subject,
    <>
      <h1 style={headingStyle}>{content.heading}</h1>
      <p style={{ margin: "0 0 8px" }}>{content.body}</p>
      <Button href={content.link}>{content.action}</Button>
      {content.secondary ? (
        <p style={{ margin: "12px 0 0" }}>
          <a href={content.secondary.link} style={{ color: colors.brand }}>
            {content.secondary.label}
          </a>
        </p>
      ) : null}
      <p style={{ margin: "16px 0 0", fontSize: "13px", color: colors.muted }}>
        If the button does not work, copy this address into your browser: <br />
        <a href={content.link} style={{ color: colors.brand, wordBreak: "break-all" }}>
          {content.link}
        </a>
      </p>
      {content.ignore ? (
        <p style={{ margin: "16px 0 0", fontSize: "13px", color: colors.muted }}>{content.ignore}</p>
      ) : null}
    </>,
    content.unsubscribe,
  );
  const links = [
    content.link,
    ...(content.secondary ? [content.secondary.link] : []),
    ...footerLinks(context),
    ...(content.unsubscribe ? [content.unsubscribe] : []),
  ];
  return { subject: content.subject, text, html, headers: {}, links };
}

function footerLinks(context: RenderContext): string[] {
  return [new URL(SHOP_PATH, context.origin).href, new URL(CONTACT_PATH, context.origin).href];
}

function footerText(context: RenderContext, unsubscribe?: string): string {
  const [shop, contact] = footerLinks(context);
  return [
    `${site.name} - ${site.address}`,
    `Shop: ${shop}`,
    `Help and contact: ${contact} (${site.email}, ${site.phone})`,
    ...(unsubscribe ? [`Unsubscribe: ${unsubscribe}`] : []),
  ].join("\n");
}

function Button({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: "20px 0 0" }}>
      <a
        href={href}
        style={{
          display: "inline-block",
          background: colors.brand,
          color: "#ffffff",
          padding: "12px 20px",
          borderRadius: "8px",
          textDecoration: "none",
          fontWeight: "bold",
        }}
      >
        {children}
      </a>
    </p>
  );
}

/**
 * The document around every message: one column up to 560 px wide that shrinks to the screen (padding 16 px on a
 * phone, text wraps, nothing wider than the column), text only; the footer links to the shop and its contact page.
 */
function page(context: RenderContext, title: string, content: ReactNode, unsubscribe?: string): string {
  const [shop, contact] = footerLinks(context);
  const markup = renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Apple Mail and iOS: no links made from numbers or addresses in the text (the shopper's phone, say). */}
        <meta name="format-detection" content="telephone=no, date=no, address=no, email=no, url=no" />
        <meta name="x-apple-disable-message-reformatting" />
        <title>{title}</title>
      </head>
      <body
        style={{
          margin: 0,
          padding: 0,
          background: colors.sand,
          color: colors.ink,
          fontFamily: "Georgia, 'Times New Roman', serif",
        }}
      >
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "16px 8px" }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: "560px", background: "#ffffff" }}
                >
                  <tbody>
                    <tr>
                      <td
                        style={{
                          padding: "16px",
                          borderBottom: `1px solid ${colors.line}`,
                          fontSize: "20px",
                          letterSpacing: "1px",
                        }}
                      >
                        <a href={shop} style={{ color: colors.ink, textDecoration: "none" }}>
                          {site.name}
                        </a>
                      </td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          padding: "20px 16px",
                          fontSize: "16px",
                          lineHeight: "1.5",
                          overflowWrap: "break-word",
                        }}
                      >
                        {content}
                      </td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          padding: "16px",
                          borderTop: `1px solid ${colors.line}`,
                          fontSize: "13px",
                          lineHeight: "1.6",
                          color: colors.muted,
                        }}
                      >
                        <a href={shop} style={{ color: colors.brand }}>
                          Shop
                        </a>
                        {" \u00b7 "}
                        <a href={contact} style={{ color: colors.brand }}>
                          Help and contact
                        </a>
                        {unsubscribe ? (
                          <>
                            {" \u00b7 "}
                            <a href={unsubscribe} style={{ color: colors.muted }}>
                              Unsubscribe
                            </a>
                          </>
                        ) : null}
                        <br />
                        {site.name} - {site.address}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>,
  );
  return `<!DOCTYPE html>${markup}`;
}
