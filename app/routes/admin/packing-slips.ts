import type { LoaderFunctionArgs } from "@remix-run/node";

import { orUnavailablePage } from "~/backend/unavailable.server";
import { shopDetails } from "~/content/shop-details";
import { notFoundResponse } from "~/http/not-found.server";
import { packingSlipNotice, packingSlipResponse } from "~/modules/admin/packing-slip-page.server";
import { parsePackingSlipIds } from "~/modules/admin/packing-slip.server";
import { refusePostUnlessStaff, requireStaff } from "~/modules/admin/staff.server";
import { getEnv } from "~/site/env.server";

/**
 * The packing slips of the orders chosen on the orders list (a GET form of checkboxes: `?ids=…&ids=…`), one order
 * to a printed page. Nothing chosen says so; a malformed id is a 400 that says which; an order that is not there, 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { staff } = await requireStaff(request, context);
  const nonce = context.cspNonce ?? "";
  const backHref = "/admin/orders";
  const chosen = parsePackingSlipIds(new URL(request.url).searchParams);
  if (chosen.kind === "none") {
    return packingSlipNotice({
      status: 200,
      title: "No orders chosen",
      message: "Tick the orders to pack on the orders list, then choose 'Packing slips'.",
      nonce,
      backHref,
    });
  }
  if (chosen.kind === "invalid") {
    throw packingSlipNotice({ status: 400, title: "No packing slips", message: chosen.message, nonce, backHref });
  }
  const orders = [];
  // One after another: a selection is at most MAX_PACKING_SLIPS short reads, and the shop's requests go between them.
  for (const orderId of chosen.ids) {
    const order = await orUnavailablePage(staff.getOrder({ orderId }));
    if (!order) throw notFoundResponse(request);
    orders.push(order);
  }
  return packingSlipResponse({ orders, shop: shopDetails(), timeZone: getEnv().SHOP_TIME_ZONE, nonce, backHref });
}

export const action = refusePostUnlessStaff;
