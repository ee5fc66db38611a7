// The shop's e-mails (issue 17), rendered on the server only (a *.server module never reaches the client bundle):
// plain TSX through react-dom/server, with no e-mail framework (decision 0016). Each message has a plain-text
// part and an HTML part made of tables and inline styles, with no images, so both read the same with images off.
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { OutboxMessage } from "~/backend/port";
import { type OrderRow, toOrder } from "~/backend/rows.server";
import { orderNumber } from "~/modules/account/orders";
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
    const ordersLink = order.userId ? new URL("/orders", context.origin).href : null;
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
      ...(ordersLink ? [``, `See your orders: ${ordersLink}`] : []),
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
        {ordersLink ? <Button href={ordersLink}>See your orders</Button> : null}
      </>,
    );
    return { subject, text, html, headers: {}, links: ordersLink ? [ordersLink] : [] };
  },

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
