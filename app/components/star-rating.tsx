import { STAR_SHAPE_ID } from "~/components/icons";
import { filledStars } from "~/modules/catalog/display";

/** Five stars in one SVG, reusing the shared star shape (SharedShapes in the root layout). */
export function StarRating({
  rating,
  reviewCount,
  size = "sm",
}: {
  rating: number;
  reviewCount: number;
  size?: "sm" | "md";
}) {
  const filled = filledStars(rating);
  const starsSize = size === "md" ? "h-5 w-25" : "h-4 w-20";
  return (
    <div className="flex flex-wrap items-center gap-x-2">
      <span className="flex" role="img" aria-label={`Rated ${rating} out of 5`}>
        <svg
          aria-hidden
          viewBox="0 0 120 24"
          className={starsSize}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {Array.from({ length: 5 }, (_, index) => (
            <use
              key={index}
              href={`#${STAR_SHAPE_ID}`}
              x={index * 24}
              className={index < filled ? "fill-amber-400 text-amber-500" : "text-sand-200"}
            />
          ))}
        </svg>
      </span>
      <span className="text-sm text-ink-muted">({reviewCount} reviews)</span>
    </div>
  );
}
