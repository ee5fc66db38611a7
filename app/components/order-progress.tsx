import type { OrderProgressData } from "~/modules/account/orders";
import { statusLabel } from "~/modules/orders/lifecycle";

/** Where an order stands for its customer: the tracking number and link, and when each status was reached. */
export function OrderProgress({ progress, headingId }: { progress: OrderProgressData; headingId: string }) {
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold text-ink">
        Progress
      </h3>
      {progress.tracking ? (
        <p className="mt-2 text-sm text-ink">
          Tracking: {progress.tracking.carrier} <span className="font-mono">{progress.tracking.number}</span>
          {progress.tracking.url ? (
            <>
              {" "}
              <a
                href={progress.tracking.url}
                rel="noreferrer"
                className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
              >
                Track your parcel<span className="sr-only"> with {progress.tracking.carrier}</span>
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      <ol className="mt-2 space-y-1 text-sm text-ink-muted">
        {progress.history.map((step, index) => (
          <li key={`${step.status}-${index}`}>
            <span className="text-ink">{statusLabel(step.status)}</span> <time dateTime={step.iso}>{step.on}</time>
          </li>
        ))}
      </ol>
    </section>
  );
}
