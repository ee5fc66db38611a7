// The packing slip page (issue 40, docs/decisions/0041-fulfilment-and-customers.md): a document of its own, not a
// route of the app, so that it loads no framework and no bundle; styled for print, one order to a printed page.
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

import type { Order } from "~/backend/ports/orders";
import type { ShopDetails } from "~/content/shop-details";
import { PRIVATE_CACHE_CONTROL } from "~/http/cache-control";
import { orderNumber } from "~/modules/account/orders";
import { formatShopDateTime } from "./order-rows";

const styles = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1c1917;background:#f5f5f4}
.bar{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;padding:12px 16px;background:#fff;border-bottom:1px solid #d6d3d1}
.bar a,.bar button{display:inline-flex;align-items:center;min-height:44px;padding:0 16px;border-radius:999px;font:inherit;font-weight:600}
.bar a{color:#7c2d12;border:1px solid #d6d3d1;text-decoration:none}
.bar button{color:#fff;background:#7c2d12;border:0;cursor:pointer}
.bar button[hidden]{display:none}
.bar p{margin:0;color:#57534e;font-size:14px}
.slip{max-width:48rem;margin:16px auto;padding:24px 16px;background:#fff;break-after:page;page-break-after:always}
.slip:last-of-type{break-after:auto;page-break-after:auto}
.head{display:flex;flex-wrap:wrap;justify-content:space-between;gap:12px;border-bottom:2px solid #1c1917;padding-bottom:12px}
h1{margin:0;font-size:22px}
h2{margin:20px 0 6px;font-size:13px;text-transform:uppercase;letter-spacing:.06em;color:#57534e}
.shop p,.to p{margin:0}
.number{font-size:20px;font-weight:700}
table{width:100%;border-collapse:collapse;margin-top:4px;table-layout:fixed}
th,td{text-align:left;padding:8px 6px;border-bottom:1px solid #d6d3d1;vertical-align:top;overflow-wrap:anywhere}
th{font-size:13px;color:#57534e}
.sku{width:30%}.qty{width:4.5rem;text-align:right}
td.qty{font-weight:700;font-size:17px}
.check{width:3rem}
.box{display:inline-block;width:18px;height:18px;border:1.5px solid #1c1917}
.foot{margin-top:16px;color:#57534e;font-size:13px}
@page{margin:12mm}
@media print{body{background:#fff}.bar{display:none}.slip{margin:0;max-width:none;padding:0}}
`;

// Shows the Print button only where it can work: without JavaScript it stays hidden, and the bar says how to print.
const printScript = `(function(){var b=document.getElementById("print");if(!b||!window.print)return;b.hidden=false;b.addEventListener("click",function(){window.print()})})();`;

export interface PackingSlipPageInput {
  orders: readonly Order[];
  shop: ShopDetails;
  timeZone: string;
  /** The response's CSP nonce (server.js): the page's one style and one script carry it. */
  nonce: string;
  backHref: string;
}

function Slip({ order, shop, timeZone }: { order: Order; shop: ShopDetails; timeZone: string }) {
  const to = order.shippingAddress;
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <section className="slip" aria-label={`Packing slip for order #${orderNumber(order.id)}`}>
      <div className="head">
        <div className="shop">
          <h1>{shop.name}</h1>
          <p>{shop.address}</p>
          <p>
            {shop.phone} · {shop.email}
          </p>
        </div>
        <div>
          <p>Packing slip</p>
          <p className="number">Order #{orderNumber(order.id)}</p>
          <p>Placed {formatShopDateTime(order.createdAt, timeZone)}</p>
        </div>
      </div>
      <h2>Ship to</h2>
      <div className="to" dir="auto">
        <p>
          <strong>
            {to.firstName} {to.lastName}
          </strong>
        </p>
        <p>{to.address}</p>
        <p>
          {to.city}, {to.state} {to.zipCode}
        </p>
        <p>{to.country}</p>
        <p>{to.phone}</p>
      </div>
      <h2>Items</h2>
      <table>
        <thead>
          <tr>
            <th className="check">Packed</th>
            <th className="sku">SKU</th>
            <th>Item</th>
            <th className="qty">Qty</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.id}>
              <td className="check">
                <span className="box" />
              </td>
              <td className="sku">{item.sku ?? "—"}</td>
              <td dir="auto">
                {item.productName}
                {item.variantLabel ? (
                  <>
                    <br />
                    {item.variantLabel}
                  </>
                ) : null}
              </td>
              <td className="qty">{item.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="foot">
        {units} {units === 1 ? "item" : "items"} in all. Questions? {shop.email} · {shop.phone}
      </p>
    </section>
  );
}

function htmlResponse(status: number, title: string, nonce: string, content: ReactNode): Response {
  const body = renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} | Back office`}</title>
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: styles }} />
      </head>
      <body>{content}</body>
    </html>,
  );
  return new Response(`<!doctype html>${body}`, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": PRIVATE_CACHE_CONTROL,
      "X-Robots-Tag": "noindex",
    },
  });
}

/** A slip page that prints nothing: nothing chosen (200), or a selection refused (400), saying why. */
export function packingSlipNotice(input: {
  status: 200 | 400;
  title: string;
  message: string;
  nonce: string;
  backHref: string;
}): Response {
  return htmlResponse(
    input.status,
    input.title,
    input.nonce,
    <main className="slip">
      <h1>{input.title}</h1>
      <p>{input.message}</p>
      <p className="bar">
        <a href={input.backHref}>Back to the orders</a>
      </p>
    </main>,
  );
}

/** The slips of `orders`, one to a printed page, as a complete HTML response. */
export function packingSlipResponse({ orders, shop, timeZone, nonce, backHref }: PackingSlipPageInput): Response {
  const title =
    orders.length === 1 ? `Packing slip #${orderNumber(orders[0]!.id)}` : `Packing slips (${orders.length} orders)`;
  return htmlResponse(
    200,
    title,
    nonce,
    <>
      <div className="bar">
        <a href={backHref}>Back</a>
        <button type="button" id="print" hidden>
          Print
        </button>
        <p>
          {orders.length === 1 ? "One order" : `${orders.length} orders`}, one to a printed page. Print with your
          browser&apos;s Print (Ctrl+P, ⌘P, or Share › Print on a phone).
        </p>
      </div>
      <main>
        {orders.map((order) => (
          <Slip key={order.id} order={order} shop={shop} timeZone={timeZone} />
        ))}
      </main>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: printScript }} />
    </>,
  );
}
