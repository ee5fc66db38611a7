import type { LoaderFunctionArgs } from "@remix-run/node";

import { orUnavailablePage } from "~/backend/unavailable.server";
import { shopDetails } from "~/content/shop-details";
import { notFoundResponse } from "~/http/not-found.server";
import { packingSlipResponse } from "~/modules/admin/packing-slip-page.server";
import { refusePostUnlessStaff, requireStaff } from "~/modules/admin/staff.server";
import { getEnv } from "~/site/env.server";

/** One order's packing slip, a print-styled page of its own (packing-slip-page.server.tsx); no such order is a 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { staff } = await requireStaff(request, context);
  const order = await orUnavailablePage(staff.getOrder({ orderId: params.id ?? "" }));
  if (!order) throw notFoundResponse(request);
  return packingSlipResponse({
    orders: [order],
    shop: shopDetails(),
    timeZone: getEnv().SHOP_TIME_ZONE,
    nonce: context.cspNonce ?? "",
    backHref: `/admin/orders/${order.id}`,
  });
}

export const action = refusePostUnlessStaff;
