import { Star } from "~/components/icons";
import { filledStars } from "~/modules/catalog/display";

export function StarRating({ rating, reviewCount, size = "sm" }: { rating: number; reviewCount: number; size?: "sm" | "md" }) {
  const filled = filledStars(rating);
  const iconSize = size === "md" ? "size-5" : "size-4";
  return (
    <div className="flex items-center gap-2">
      <span className="flex" role="img" aria-label={`Rated ${rating} out of 5`}>
        {Array.from({ length: 5 }, (_, index) => (
          <Star
            key={index}
            aria-hidden
            className={`${iconSize} ${index < filled ? "fill-amber-400 text-amber-500" : "text-sand-200"}`}
          />
        ))}
      </span>
      <span className="text-sm text-ink-muted">({reviewCount} reviews)</span>
    </div>
  );
}
