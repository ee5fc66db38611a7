import type { ActionFunctionArgs } from "@remix-run/node";

import { NO_STORE_CACHE_CONTROL } from "~/http/cache-control";
import { handleStripeWebhook } from "~/modules/payment/stripe-webhook.server";

/**
 * Stripe's events (decision 0031). The server lets this path through its same-origin form checks with a JSON body,
 * as Stripe sends it (server/request-guards.js, WEBHOOK_PATHS); the signature is what is checked here.
 */
export function action({ request }: ActionFunctionArgs) {
  return handleStripeWebhook(request);
}

/** Only Stripe posts here; a browser that opens the address learns nothing. */
export function loader() {
  return new Response("Not Found\n", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE_CACHE_CONTROL },
  });
}
