// The shop's e-mails (issue 17), rendered on the server only (a *.server module never reaches the client bundle):
// plain TSX through react-dom/server, with no e-mail framework (decision 0016). Each message has a plain-text
// part and an HTML part made of tables and inline styles, with no images, so both read the same with images off.
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { OutboxMessage } from "~/backend/port";
import { type OrderRow, toOrder } from "~/backend/rows.server";
import { orderNumber } from "~/modules/account/orders";
import { trackingUrl } from "~/modules/account/tracking";
import { findProduct } from "~/modules/catalog/catalog.server";
import { shippingMethodName } from "~/modules/checkout/shipping";
import { formatCents } from "~/modules/money";
import { site } from "~/utils/site";

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
}

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
      name: findProduct(item.productId)?.name ?? item.productId,
      quantity: item.quantity,
      unit: money(item.pricePerItem),
      total: money(item.pricePerItem * item.quantity),
    }));
    const subtotal = order.items.reduce((sum, item) => sum + item.pricePerItem * item.quantity, 0);
    // The total is the subtotal plus the shipping the database priced; no tax is charged (the checkout says so).
    const totals = [
      ["Subtotal", money(subtotal)],
      [`Shipping (${shippingMethodName(order.shippingMethod)})`, order.shippingAmount === 0 ? "Free" : money(order.shippingAmount)],
      ["Tax", money(0)],
      ["Total", money(order.totalAmount)],
    ] as const;
    const address = order.shippingAddress;
    const addressLines = [
      `${address.firstName} ${address.lastName}`,
      address.address,
      `${address.city}, ${address.state} ${address.zipCode}`,
      address.country,
      address.phone,
    ];
    // A member follows the order on /orders; a guest gets a link to the order's own page (decision 0029), whose
    // token this message carries once.
    const ordersLink = order.userId
      ? new URL("/orders", context.origin).href
      : message.secret
        ? withSecret(context, "/order-status", "token", message.secret)
        : null;
    const ordersLinkLabel = order.userId ? "See your orders" : "Follow your order";
    const subject = `Your ${site.name} order #${number}`;

    const text = [
      `Thank you for your order!`,
      ``,
      `Order number: #${number}`,
      ``,
      ...lines.map((line) => `${line.name}\n  ${line.quantity} x ${line.unit} = ${line.total}`),
      ``,
      ...totals.map(([label, value]) => `${label}: ${value}`),
      ``,
      `Shipping to:`,
      ...addressLines.map((line) => `  ${line}`),
      ...(ordersLink ? [``, `${ordersLinkLabel}: ${ordersLink}`] : []),
      ``,
      footerText(),
    ].join("\n");

    const cell = { padding: "8px 0", borderBottom: `1px solid ${colors.line}`, verticalAlign: "top" } as const;
    const html = page(
      subject,
      <>
        <h1 style={{ fontSize: "22px", margin: "0 0 8px" }}>Thank you for your order!</h1>
        <p style={{ margin: "0 0 16px", color: colors.muted }}>Order number: <strong style={{ color: colors.ink }}>#{number}</strong></p>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: "collapse" }}>
          <thead>
            <tr>
              <th align="left" style={cell}>Item</th>
              <th align="right" style={cell}>Qty</th>
              <th align="right" style={cell}>Price</th>
              <th align="right" style={cell}>Total</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <tr key={index}>
                <td style={cell}>{line.name}</td>
                <td align="right" style={cell}>{line.quantity}</td>
                <td align="right" style={cell}>{line.unit}</td>
                <td align="right" style={cell}>{line.total}</td>
              </tr>
            ))}
            {totals.map(([label, value]) => (
              <tr key={label}>
                <td colSpan={3} align="right" style={{ padding: "6px 8px 0 0", fontWeight: label === "Total" ? "bold" : "normal" }}>
                  {label}
                </td>
                <td align="right" style={{ padding: "6px 0 0", fontWeight: label === "Total" ? "bold" : "normal" }}>
                  {value}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <h2 style={{ fontSize: "16px", margin: "24px 0 4px" }}>Shipping to</h2>
        <p style={{ margin: 0 }}>
          {addressLines.map((line, index) => (
            <span key={index}>
              {line}
              <br />
            </span>
          ))}
        </p>
        {ordersLink ? <Button href={ordersLink}>{ordersLinkLabel}</Button> : null}
      </>,
    );
    return { subject, text, html, headers: {}, links: ordersLink ? [ordersLink] : [] };
  },

  // The order's later steps (decision 0029), written by the status change's own transaction.
  order_paid: (message, context) => orderStatusMail(message, context, "paid"),
  order_shipped: (message, context) => orderStatusMail(message, context, "shipped"),
  order_delivered: (message, context) => orderStatusMail(message, context, "delivered"),
  order_cancelled: (message, context) => orderStatusMail(message, context, "cancelled"),
  order_received: (message, context) => orderReceivedMail(message, context),

  confirm_signup(message, context) {
    const link = withSecret(context, stringField(message.payload, "link_path"), "code", message.secret);
    return linkMessage({
      subject: `Confirm your ${site.name} account`,
      heading: "Confirm your email address",
      body: "Follow this link to confirm your address and sign in. It works once, for 24 hours.",
      action: "Confirm my address",
      link,
      ignore: "If you did not create an account, ignore this e-mail: nothing happens without the link.",
    });
  },

  password_reset(message, context) {
    const link = withSecret(context, stringField(message.payload, "link_path"), "code", message.secret);
    return linkMessage({
      subject: `Reset your ${site.name} password`,
      heading: "Set a new password",
      body: "Follow this link to choose a new password. It works once, for 1 hour; setting the password signs you out everywhere else.",
      action: "Set a new password",
      link,
      ignore: "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    });
  },

  newsletter_confirmation(message, context) {
    const link = withSecret(context, "/newsletter/confirm", "token", message.secret);
    return linkMessage({
      subject: `Confirm your ${site.name} newsletter subscription`,
      heading: "One more step",
      body: "Follow this link to confirm that you want our newsletter. It works once, for 7 days.",
      action: "Yes, subscribe me",
      link,
      ignore: "If you did not subscribe, ignore this e-mail: you will get nothing more from us.",
    });
  },

  newsletter_welcome(message, context) {
    const unsubscribe = withSecret(context, "/newsletter/unsubscribe", "token", message.secret);
    const mail = linkMessage({
      subject: `Welcome to the ${site.name} newsletter`,
      heading: "You are subscribed",
      body: "Thank you for confirming. You will hear from us about new arrivals, care tips and offers.",
      action: "Visit the shop",
      link: new URL("/shop", context.origin).href,
      ignore: "",
      unsubscribe,
    });
    // RFC 8058 one-click unsubscribe: mail clients post List-Unsubscribe=One-Click to the link.
    return { ...mail, headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } };
  },
};

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
      paragraphs = [`Thank you: we have received your payment of ${total}. We are preparing your order and will e-mail you when it ships.`];
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
    footerText(),
  ].join("\n");
  const html = page(
    subject,
    <>
      <h1 style={{ fontSize: "22px", margin: "0 0 8px" }}>{heading}</h1>
      {paragraphs.map((paragraph, index) => (
        <p key={index} style={{ margin: "0 0 12px" }}>
          {paragraph}
        </p>
      ))}
      <Facts facts={facts} />
      {action ? <Button href={action.href}>{action.label}</Button> : null}
    </>,
  );
  return { subject, text, html, headers: {}, links: action ? [action.href] : [] };
}

/** To the shop (ORDERS_EMAIL): a new order, with a link to it in the back office. */
function orderReceivedMail(message: OutboxMessage, context: RenderContext): RenderedMail {
  const order = toOrder(message.payload as unknown as OrderRow);
  const number = orderNumber(order.id);
  const money = (cents: number) => formatCents(cents, order.currency);
  const total = money(order.totalAmount);
  const link = new URL(`/admin/orders/${order.id}`, context.origin).href;
  const subject = `New order #${number}: ${total}`;
  const address = order.shippingAddress;
  const facts: [string, string][] = [
    ["Order number", `#${number}`],
    ["Customer", `${address.firstName} ${address.lastName} <${order.email}> (${order.userId ? "member" : "guest"})`],
    ...order.items.map((item): [string, string] => [
      findProduct(item.productId)?.name ?? item.productId,
      `${item.quantity} x ${money(item.pricePerItem)}`,
    ]),
    ["Shipping", order.shippingAmount === 0 ? "Free" : money(order.shippingAmount)],
    ["Total", total],
  ];
  const text = [`New order #${number}`, ``, ...facts.map(([label, value]) => `${label}: ${value}`), ``, `Open it: ${link}`, ``, footerText()].join("\n");
  const html = page(
    subject,
    <>
      <h1 style={{ fontSize: "22px", margin: "0 0 8px" }}>New order #{number}</h1>
      <Facts facts={facts} />
      <Button href={link}>Open the order</Button>
    </>,
  );
  return { subject, text, html, headers: {}, links: [link] };
}

/** Label and value on a line each, so that nothing needs a wide table. */
function Facts({ facts }: { facts: readonly (readonly [string, string])[] }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: "collapse", margin: "8px 0 0" }}>
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

function linkMessage(content: {
  subject: string;
  heading: string;
  body: string;
  action: string;
  link: string;
  ignore: string;
  unsubscribe?: string;
}): RenderedMail {
  const text = [
    content.heading,
    ``,
    content.body,
    ``,
    `${content.action}: ${content.link}`,
    ...(content.ignore ? [``, content.ignore] : []),
    ``,
    footerText(content.unsubscribe),
  ].join("\n");
  const html = page(
    content.subject,
    <>
      <h1 style={{ fontSize: "22px", margin: "0 0 8px" }}>{content.heading}</h1>
      <p style={{ margin: "0 0 8px" }}>{content.body}</p>
      <Button href={content.link}>{content.action}</Button>
      <p style={{ margin: "16px 0 0", fontSize: "13px", color: colors.muted }}>
        If the button does not work, copy this address into your browser: <br />
        <a href={content.link} style={{ color: colors.brand, wordBreak: "break-all" }}>
          {content.link}
        </a>
      </p>
      {content.ignore ? <p style={{ margin: "16px 0 0", fontSize: "13px", color: colors.muted }}>{content.ignore}</p> : null}
    </>,
    content.unsubscribe,
  );
  return { subject: content.subject, text, html, headers: {}, links: [content.link, ...(content.unsubscribe ? [content.unsubscribe] : [])] };
}

function footerText(unsubscribe?: string): string {
  return [`${site.name} - ${site.address}`, ...(unsubscribe ? [`Unsubscribe: ${unsubscribe}`] : [])].join("\n");
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

/** The document around every message: one centred column, text only. */
function page(title: string, content: ReactNode, unsubscribe?: string): string {
  const markup = renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: colors.sand, color: colors.ink, fontFamily: "Georgia, 'Times New Roman', serif" }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "24px 12px" }}>
                <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ maxWidth: "560px", background: "#ffffff" }}>
                  <tbody>
                    <tr>
                      <td style={{ padding: "20px 24px", borderBottom: `1px solid ${colors.line}`, fontSize: "20px", letterSpacing: "1px" }}>
                        {site.name}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: "24px", fontSize: "15px", lineHeight: "1.5" }}>{content}</td>
                    </tr>
                    <tr>
                      <td style={{ padding: "16px 24px", borderTop: `1px solid ${colors.line}`, fontSize: "12px", color: colors.muted }}>
                        {site.name} - {site.address}
                        {unsubscribe ? (
                          <>
                            <br />
                            <a href={unsubscribe} style={{ color: colors.muted }}>
                              Unsubscribe
                            </a>
                          </>
                        ) : null}
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
