import type { PaymentSummary, RefundRow } from "~/modules/payment/refund-rows";
import { AdminPanel } from "./admin-panel";

const stateTone = {
  pending: "bg-yellow-100 text-yellow-900",
  succeeded: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
} as const;

/**
 * How the order was paid (manual, or by card linked to the Stripe dashboard) and every refund of it (decision 0033):
 * amount, when, by whom, Stripe's id, and whether it is still being sent to Stripe, done or failed.
 */
export function AdminOrderPayment({ payment, refunds }: { payment: PaymentSummary; refunds: readonly RefundRow[] }) {
  return (
    <AdminPanel id="payment-heading" title="Payment">
      <dl className="mt-3 space-y-3 text-sm">
        <div>
          <dt className="font-medium text-ink">Method</dt>
          <dd className="text-ink-muted">{payment.method}</dd>
        </div>
        {payment.reference ? (
          <div>
            <dt className="font-medium text-ink">Payment reference</dt>
            <dd className="break-all text-ink-muted">
              {payment.dashboardUrl ? (
                <a
                  href={payment.dashboardUrl}
                  rel="noreferrer"
                  className="inline-flex min-h-11 items-center text-brand-700 hover:underline"
                >
                  {payment.reference}
                </a>
              ) : (
                payment.reference
              )}
            </dd>
          </div>
        ) : null}
      </dl>
      {refunds.length > 0 ? (
        <>
          <h3 className="mt-4 text-sm font-semibold text-ink">Refunds</h3>
          <ul className="mt-2 space-y-3 text-sm" data-testid="refunds">
            {refunds.map((refund) => (
              <li key={refund.id} className="rounded-xl bg-sand-50 p-3">
                <p className="flex flex-wrap items-center justify-between gap-2">
                  <strong className="text-ink">{refund.amount}</strong>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${stateTone[refund.state]}`}>
                    {refund.stateLabel}
                  </span>
                </p>
                <p className="mt-1 text-ink-muted">
                  <time dateTime={refund.requestedAtIso}>{refund.requestedAt}</time> · {refund.by}
                </p>
                <p className="mt-1 text-ink">{refund.reason}</p>
                {refund.providerRefundId ? (
                  <p className="mt-1 break-all text-ink-muted">Stripe refund: {refund.providerRefundId}</p>
                ) : null}
                {refund.error ? <p className="mt-1 break-words text-red-800">{refund.error}</p> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </AdminPanel>
  );
}
