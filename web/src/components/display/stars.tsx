import { countOf, NOUNS } from '@/lib/format';

export const MAX_STARS = 5;

/** One rating: five stars, the first `value` filled, read as "n من 5 نجوم". */
export function Stars({ value }: { value: number }) {
  const stars = Math.max(0, Math.min(MAX_STARS, Math.round(value)));
  return (
    <span className="stars" role="img" aria-label={`${stars} من ${MAX_STARS} نجوم`}>
      {Array.from({ length: MAX_STARS }, (_, i) => (
        <span key={i} className={i < stars ? 'stars__on' : 'stars__off'} aria-hidden="true">
          ★
        </span>
      ))}
    </span>
  );
}

export interface RatingSummaryProps {
  average: number;
  count: number;
  /** Shown instead when nobody rated yet. */
  emptyText: string;
  className?: string;
}

/** A member's average rating out of 5 with the number of ratings (`★ 4.5 (8)`). */
export function RatingSummary({ average, count, emptyText, className }: RatingSummaryProps) {
  if (count <= 0) return <span className={`rating rating--none muted ${className ?? ''}`}>{emptyText}</span>;
  const shown = average.toFixed(1);
  return (
    <span
      className={`rating ${className ?? ''}`}
      aria-label={`التقييم ${shown} من ${MAX_STARS} (${countOf(count, NOUNS.rating)})`}
    >
      <span className="rating__star" aria-hidden="true">
        ★
      </span>
      <bdi dir="ltr" aria-hidden="true">
        {shown}
      </bdi>
      <span className="muted" aria-hidden="true">
        ({count})
      </span>
    </span>
  );
}
