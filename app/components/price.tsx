import { formatUsd } from "~/modules/money";

/** The selling price, with the original price struck through when the product is reduced. */
export function Price({
  price,
  originalPrice,
  size = "md",
}: {
  price: number;
  originalPrice?: number;
  size?: "md" | "lg";
}) {
  return (
    <p className="flex items-baseline gap-2">
      <span className={size === "lg" ? "text-3xl font-semibold text-ink" : "text-lg font-semibold text-ink"}>
        {formatUsd(price)}
      </span>
      {originalPrice ? (
        <s className="text-sm text-ink-muted">
          <span className="sr-only">Was </span>
          {formatUsd(originalPrice)}
        </s>
      ) : null}
    </p>
  );
}
