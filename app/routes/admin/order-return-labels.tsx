import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { RETURN_LABEL_MAX_BYTES } from "~/backend/constants";
import { isBackendError } from "~/backend/errors";
import { orUnavailablePage } from "~/backend/unavailable.server";
import { ReturnLabelForm } from "~/components/admin-order-returns";
import { adminHeaders, adminMeta, AdminShell } from "~/components/admin-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors } from "~/components/form-field";
import { notFoundResponse } from "~/http/not-found.server";
import { orderNumber } from "~/modules/account/orders";
import { formatShopDateTime } from "~/modules/admin/order-rows";
import { isPdf, RETURN_LABEL_FIELD } from "~/modules/admin/return-label";
import { toAdminReturnView } from "~/modules/admin/return-view";
import { requireStaff } from "~/modules/admin/staff.server";
import { isReturnState } from "~/modules/orders/lifecycle";
import { getEnv } from "~/site/env.server";
import { redirectWithToast } from "~/toast/toast.server";

// An order's return labels (issue 40, decision 0048): staff attach the carrier's prepaid label, a PDF, to a request
// asked or approved. The order page's returns panel posts here (a multipart post, read within a larger limit than a
// form: server/request-guards.js); a refused file is said on this page, with the forms to try again.

async function openOrder(request: Request, context: LoaderFunctionArgs["context"], orderId: string) {
  const { backend } = await requireStaff(request, context);
  const returns = await orUnavailablePage(backend.staffReturns.forOrder({ orderId }));
  if (!returns) throw notFoundResponse(request);
  return { backend, returns };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { returns } = await openOrder(request, context, params.id ?? "");
  const timeZone = getEnv().SHOP_TIME_ZONE;
  return {
    orderId: returns.orderId,
    number: orderNumber(returns.orderId),
    requests: returns.requests.map((asked) =>
      toAdminReturnView(asked, returns.currency, (iso) => formatShopDateTime(iso, timeZone)),
    ),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { backend, returns } = await openOrder(request, context, params.id ?? "");
  const refuse = (status: number, error: string) => data({ error }, { status });
  const form = await request.formData().catch(() => null);
  const requestId = form?.get("requestId");
  const expectedState = form?.get("expectedState");
  const file = form?.get(RETURN_LABEL_FIELD);
  const asked = returns.requests.find((candidate) => candidate.id === requestId);
  if (!asked || !isReturnState(expectedState)) {
    return refuse(400, "This request was not recognised, so nothing was changed.");
  }
  if (!(file instanceof File) || file.size === 0) return refuse(400, "Choose the label's PDF file first.");
  if (file.size > RETURN_LABEL_MAX_BYTES) return refuse(400, "The label can be at most 1 MB.");
  const pdf = new Uint8Array(await file.arrayBuffer());
  if (!isPdf(pdf)) return refuse(400, "That file is not a PDF. Send the carrier's label as a PDF.");
  try {
    const attached = await backend.staffReturns.attachLabel({ requestId: asked.id, expectedState, pdf });
    return redirectWithToast(context, `/admin/orders/${returns.orderId}`, {
      title: "Label attached",
      description:
        attached.state === "approved"
          ? "The customer is e-mailed the approval again, with the label."
          : "The approval's e-mail will carry it.",
    });
  } catch (error) {
    if (!isBackendError(error)) throw error;
    if (error.code === "unavailable") return refuse(503, "The shop's database is not reachable right now. Try again.");
    return refuse(error.code === "order_changed" ? 409 : 400, error.message);
  }
}

export default function AdminOrderReturnLabels() {
  const { orderId, number, requests } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const open = requests.filter((asked) => asked.takesLabel);
  return (
    <AdminShell title={`Return labels · order #${number}`}>
      <FormErrors
        id="return-label-error"
        errors={answer?.error ? [answer.error] : undefined}
        className="mt-4 rounded-lg px-3 py-2"
      />
      {open.length === 0 ? (
        <p className="mt-4 text-sm text-ink-muted">No request of this order takes a label now.</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {open.map((asked) => (
            <li key={asked.id} className="rounded-lg border border-sand-200 p-3">
              <p className="text-sm font-semibold text-ink">
                {asked.title}: {asked.stateLabel}
              </p>
              <ReturnLabelForm orderId={orderId} request={asked} />
            </li>
          ))}
        </ul>
      )}
      <p className="mt-6">
        <Link
          to={`/admin/orders/${orderId}`}
          className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
        >
          Back to order #{number}
        </Link>
      </p>
    </AdminShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ error }) => adminMeta("Return labels", error);

export const headers = adminHeaders;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
