import { Link } from "@remix-run/react";

/** A back-office list's count ("12 products", "3 orders match"), with the way back to the whole list when filtered. */
export function AdminListCount({
  count,
  noun,
  filtered,
  allHref,
}: {
  count: number;
  /** Singular and plural: ["order", "orders"]. */
  noun: readonly [string, string];
  filtered: boolean;
  allHref: string;
}) {
  return (
    <p className="mt-6 text-sm text-ink-muted" role="status">
      {count} {count === 1 ? noun[0] : noun[1]}
      {filtered ? (
        <>
          {" match · "}
          <Link to={allHref} className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline">
            Show every {noun[0]}
          </Link>
        </>
      ) : null}
    </p>
  );
}
