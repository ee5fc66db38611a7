// The layout every e-mail of the shop is made of (decision 0016), rendered on the server only: plain TSX through
// react-dom/server, with no e-mail framework. Each message has a plain-text part and an HTML part made of tables and
// inline styles, with no images, so both read the same with images off. Every message goes through `page()` (HTML)
// and `footerText()` (plain text): one column that reads at 320 px, and a footer with the shop's address and links to
// the shop and to its help and contact page. Each message is a file of its own in ./messages, built from these;
// `linkMessage()` for a message whose point is one link.
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

import type { OutboxMessage } from "~/backend/ports/outbox";
import { site } from "~/site/site";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers: Record<string, string>;
  /** Every link in the message, for the development log. */
  links: string[];
  /** Files sent with it (a return's label). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface RenderContext {
  /** The shop's public origin, e.g. https://shop.example.com: links never take it from a request. */
  origin: string;
  /** How orders are paid (decision 0031): the order confirmation says it. */
  payment?: { kind: "manual"; instructions: string } | { kind: "card" };
}

/** One kind of message: the outbox row and where the shop is, to the e-mail. */
export type MailTemplate = (message: OutboxMessage, context: RenderContext) => RenderedMail;

/** The shop's pages every message links to in its footer. */
export const SHOP_PATH = "/shop";
/** Help and contact: the FAQ page ends with the shop's e-mail, phone and hours. */
const CONTACT_PATH = "/faq";

export const colors = { ink: "#2b2420", muted: "#6b5f57", line: "#e8dfd6", brand: "#8a4b2f", sand: "#faf6f1" } as const;

/** A message's link with its one-time token, from the outbox row's secret. */
export function withSecret(context: RenderContext, path: string, name: string, secret: string | null): string {
  if (!secret) throw new Error("This message's link was already sent or given up: its token is gone.");
  const url = new URL(path, context.origin);
  url.searchParams.set(name, secret);
  return url.href;
}

/** A text field of the message's payload, which the message cannot do without. */
export function stringField(payload: Record<string, unknown>, name: string): string {
  const value = payload[name];
  if (typeof value !== "string") throw new Error(`The message has no ${name}.`);
  return value;
}

export const headingStyle = { fontSize: "22px", lineHeight: "1.3", margin: "0 0 8px" } as const;

/** Label and value on a line each, so that nothing needs a wide table. */
export function Facts({ facts }: { facts: readonly (readonly [string, string])[] }) {
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

/** A message whose point is one link (confirm, reset, subscribe): the link as a button and as text. */
export function linkMessage(
  context: RenderContext,
  content: {
    subject: string;
    heading: string;
    body: string;
    action: string;
    link: string;
    /** A second, quieter way on (e.g. "Reset your password" beside "Sign in"). */
    secondary?: { label: string; link: string };
    /** Something to keep, set apart under the body: a welcome code, with what it gives. */
    keep?: { label: string; value: string; note: string };
    ignore: string;
    unsubscribe?: string;
  },
): RenderedMail {
  const text = [
    content.heading,
    ``,
    content.body,
    ``,
    ...(content.keep ? [`${content.keep.label}: ${content.keep.value}`, content.keep.note, ``] : []),
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
      {content.keep ? (
        <div style={{ margin: "16px 0", padding: "12px 16px", border: `1px dashed ${colors.line}` }}>
          <p style={{ margin: 0, fontSize: "13px", color: colors.muted }}>{content.keep.label}</p>
          <p style={{ margin: "4px 0", fontSize: "22px", fontFamily: "monospace", letterSpacing: "1px" }}>
            <strong>{content.keep.value}</strong>
          </p>
          <p style={{ margin: 0, fontSize: "14px" }}>{content.keep.note}</p>
        </div>
      ) : null}
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

export function footerLinks(context: RenderContext): string[] {
  return [new URL(SHOP_PATH, context.origin).href, new URL(CONTACT_PATH, context.origin).href];
}

export function footerText(context: RenderContext, unsubscribe?: string): string {
  const [shop, contact] = footerLinks(context);
  return [
    `${site.name} - ${site.address}`,
    `Shop: ${shop}`,
    `Help and contact: ${contact} (${site.email}, ${site.phone})`,
    ...(unsubscribe ? [`Unsubscribe: ${unsubscribe}`] : []),
  ].join("\n");
}

export function Button({ href, children }: { href: string; children: ReactNode }) {
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
export function page(context: RenderContext, title: string, content: ReactNode, unsubscribe?: string): string {
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

/**
 * A message of a few paragraphs, every fact on a line of its own and at most one button (the order e-mails): its
 * plain-text and HTML parts, the same at 320 px, in a plain-text client and with images off.
 */
export function factsMessage(
  context: RenderContext,
  content: {
    subject: string;
    heading: string;
    paragraphs: readonly string[];
    facts: readonly (readonly [string, string])[];
    action: { label: string; href: string } | null;
  },
): RenderedMail {
  const { subject, heading, paragraphs, facts, action } = content;
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
