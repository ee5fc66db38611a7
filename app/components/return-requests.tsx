import { toneBadgeClasses } from "~/modules/account/orders";
import type { ReturnRequestView } from "~/modules/orders/returns";

/**
 * An order's return and exchange requests as the shopper sees them (issue 40): each with its state in its colour,
 * what it means, the lines, and what came of it (the refund, the exchange order and its parcel).
 */
export function ReturnRequests({ requests, headingId }: { requests: readonly ReturnRequestView[]; headingId: string }) {
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold text-ink">
        Returns and exchanges
      </h3>
      <ul className="mt-2 space-y-3">
        {requests.map((request) => (
          <li key={request.id} data-testid="return-request" className="rounded-lg border border-sand-200 p-3 text-sm">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-ink">{request.title}</span>
              <span
                data-return-state={request.state}
                className={`inline-block whitespace-nowrap rounded-full px-3 py-0.5 text-xs font-semibold ring-1 ${toneBadgeClasses(request.tone)}`}
              >
                {request.stateLabel}
              </span>
              <span className="text-ink-muted">asked on {request.askedOn}</span>
            </p>
            <ul className="mt-1 text-ink-muted">
              {request.lines.map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ul>
            <p className="mt-1 text-ink">{request.said}</p>
            {request.returnTracking ? (
              <p className="mt-1 text-ink-muted">Return tracking number: {request.returnTracking}</p>
            ) : null}
            {request.labelHref ? (
              <p className="mt-1">
                {/* A file to save, not a page: a plain link, never a client-side navigation. */}
                <a
                  href={request.labelHref}
                  download
                  className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
                >
                  Download your return label (PDF)
                </a>
              </p>
            ) : null}
            {request.refunded ? <p className="mt-1 text-ink">Refunded {request.refunded}</p> : null}
            {request.exchange ? (
              <p className="mt-1 text-ink">
                Exchange order #{request.exchange.number}: {request.exchange.status}
                {request.exchange.tracking ? ` (${request.exchange.tracking})` : ""}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
