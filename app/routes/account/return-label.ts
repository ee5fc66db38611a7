import type { LoaderFunctionArgs } from "@remix-run/node";

import { orUnavailablePage } from "~/backend/unavailable.server";
import { PRIVATE_CACHE_CONTROL } from "~/http/cache-control";
import { notFoundResponse } from "~/http/not-found.server";
import { orderNumber } from "~/modules/account/orders";
import { getSession } from "~/modules/auth/session.server";
import { returnOrderRef } from "~/modules/orders/return-page.server";

// A return request's prepaid label (issue 40, decision 0048), the PDF staff attached: `?request=<id>` with the
// order's proof as on the request page (`&token=` the guest's e-mailed token, or `&order=<id>` for a member, this
// browser's order, or staff). Anyone else, or a request without a label, gets the ordinary 404.

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { backend, user } = await getSession(request, context);
  const requestId = new URL(request.url).searchParams.get("request") ?? "";
  const ref = await orUnavailablePage(returnOrderRef(request, backend, user !== null));
  const pdf = ref ? await orUnavailablePage(backend.returns.label({ requestId, proof: ref.proof })) : null;
  if (!ref || !pdf) throw notFoundResponse(request);
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.byteLength),
      "Content-Disposition": `attachment; filename="return-label-${orderNumber(ref.orderId)}.pdf"`,
      "Cache-Control": PRIVATE_CACHE_CONTROL,
      // Staff's file, served from the shop's origin: never run as a page of it.
      "Content-Security-Policy": "sandbox",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
