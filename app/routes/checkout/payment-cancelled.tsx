import type { LoaderFunctionArgs } from "@remix-run/node";

import { getSession } from "~/modules/auth/session.server";
import { returnFromPaymentPage } from "~/modules/payment/checkout-payment.server";

/**
 * Where the payment page's Cancel leads (decision 0031): back to the checkout with the cart and form as they were;
 * the abandoned order is cancelled. Only the browser that placed the order (its signed cookie) can do this.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return returnFromPaymentPage(request, await getSession(request, context));
}
