import { statusBadgeClasses } from "~/modules/account/orders";
import { statusLabel } from "~/modules/orders/lifecycle";

/** An order's status in the spec's colours (pending yellow, paid green, shipped blue, delivered purple, cancelled red). */
export function StatusBadge({ status, className = "" }: { status: string; className?: string }) {
  return (
    <span
      data-status={status}
      className={`inline-block whitespace-nowrap rounded-full px-3 py-1 text-xs font-semibold ring-1 ${statusBadgeClasses(status)} ${className}`}
    >
      {statusLabel(status)}
    </span>
  );
}
