import { z } from "zod";

import type { BrowserOrder, GuestOrdersPort } from "~/backend/ports/guest-orders";
import { signedCookie, type ResponseJar } from "~/http/cookies.server";

/**
 * The orders this browser placed (decision 0034): each with the token of its link, which the database made for the
 * checkout that placed it. The success page shows an order's personal data, and the guest's order page opens, only
 * with it; staff's 'Revoke' ends the link in the database, whatever the cookie still says. Signed, HttpOnly,
 * SameSite=Lax like every cookie of the shop; the newest few orders only, for a month.
 */
const browserOrdersCookie = signedCookie("placed_orders", { maxAge: 60 * 60 * 24 * 30 });

export const MAX_BROWSER_ORDERS = 5;

const entriesSchema = z
  .array(z.tuple([z.string().uuid(), z.string().regex(/^[0-9a-f]{64}$/)]))
  .max(MAX_BROWSER_ORDERS)
  .catch([]);

async function entries(request: Request): Promise<Array<[orderId: string, token: string]>> {
  return entriesSchema.parse(await browserOrdersCookie.read(request));
}

/** The link to the guest's own order page that this browser opens without the e-mailed token. */
export function browserOrderPage(orderId: string): string {
  return `/order-status?${new URLSearchParams({ order: orderId })}`;
}

/**
 * Remembers the order the checkout has just placed, by a link the database makes for the form's key. A failure is
 * logged, not thrown: the order is placed, and only this browser's view of it is the smaller one.
 */
export async function rememberBrowserOrder(
  request: Request,
  shopper: ResponseJar & { backend: { guestOrders: GuestOrdersPort } },
  order: { id: string; idempotencyKey: string },
): Promise<void> {
  let token: string | null;
  try {
    token = await shopper.backend.guestOrders.issueBrowserLink({
      orderId: order.id,
      idempotencyKey: order.idempotencyKey,
    });
  } catch (error) {
    console.error("Making this browser's link to its order failed", error);
    return;
  }
  if (!token) return;
  const others = (await entries(request)).filter(([orderId]) => orderId !== order.id);
  await browserOrdersCookie.write(shopper, [[order.id, token], ...others].slice(0, MAX_BROWSER_ORDERS));
}

/** The token of this browser's link to the order (the proof a guest's return request carries), or null. */
export async function browserOrderToken(request: Request, orderId: string): Promise<string | null> {
  return (await entries(request)).find(([id]) => id === orderId)?.[1] ?? null;
}

/** The order as this browser may see it, or null: it did not place it, or staff revoked its link. */
export async function readBrowserOrder(
  request: Request,
  guestOrders: GuestOrdersPort,
  orderId: string,
): Promise<BrowserOrder | null> {
  const token = await browserOrderToken(request, orderId);
  return token ? guestOrders.getForBrowser({ orderId, token }) : null;
}
