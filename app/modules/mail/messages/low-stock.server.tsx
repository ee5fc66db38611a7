import type { OutboxMessage } from "~/backend/ports/outbox";
import {
  Facts,
  footerLinks,
  footerText,
  headingStyle,
  page,
  type RenderContext,
  type RenderedMail,
} from "../layout.server";
import { shopperText } from "../shopper-text";

/** public.note_stock_level's payload: a tracked variant at or below its threshold (decision 0036). */
interface LowStockPayload {
  product_id: string;
  product_name: string;
  variant_label: string;
  sku: string;
  stock_on_hand: number;
  low_stock_threshold: number;
}

/** To the shop (ORDERS_EMAIL), once per fall: a variant's count reached its low-stock threshold. */
export function lowStockMail(message: OutboxMessage, context: RenderContext): RenderedMail {
  const stock = message.payload as unknown as LowStockPayload;
  const name = shopperText(stock.variant_label ? `${stock.product_name} (${stock.variant_label})` : stock.product_name);
  const left = Number(stock.stock_on_hand);
  const subject = left === 0 ? `Sold out: ${name}` : `Low stock: ${name} (${left} left)`;
  const link = new URL(`/product/${encodeURIComponent(stock.product_id)}`, context.origin).href;
  const facts: [string, string][] = [
    ["Product", name],
    ["SKU", shopperText(stock.sku)],
    ["On hand", String(left)],
    ["Alert at", String(stock.low_stock_threshold)],
  ];
  const text = [subject, ``, ...facts.map(([label, value]) => `${label}: ${value}`), ``, link, ``, footerText(context)];
  const html = page(
    context,
    subject,
    <>
      <h1 style={headingStyle}>{subject}</h1>
      <Facts facts={facts} />
    </>,
  );
  return { subject, text: text.join("\n"), html, headers: {}, links: [link, ...footerLinks(context)] };
}
