import { statusBadgeClasses } from "~/modules/account/orders";
import { statusLabel } from "~/modules/orders/lifecycle";

/**
 * An order's status in the spec's colours (pending yellow, paid green, shipped blue, delivered purple, cancelled red),
 * and beside it what was refunded ("Refunded $X", "Partly refunded $X"), which is never a status of its own.
 */
export function StatusBadge({
  status,
  refunded = null,
  className = "",
}: {
  status: string;
  refunded?: string | null;
  className?: string;
}) {
  const badge = (
    <span
      data-status={status}
      className={`inline-block whitespace-nowrap rounded-full px-3 py-1 text-xs font-semibold ring-1 ${statusBadgeClasses(status)} ${className}`}
    >
      {statusLabel(status)}
    </span>
  );
  if (!refunded) return badge;
  return (
    <>
      {badge}
      <span data-testid="order-refunded" className="whitespace-nowrap text-sm font-medium text-ink">
        {refunded}
      </span>
    </>
  );
}
