import { countOf, NOUNS } from '@/lib/format';
import { useSellerRating } from '../api';

/** A seller's average rating (stars out of 5) and number of ratings. */
export function SellerRating({ sellerId }: { sellerId: string | null | undefined }) {
  const { data } = useSellerRating(sellerId);
  if (!data || data.validRatings <= 0) return <span className="rating rating--none muted">بدون تقييم</span>;
  const average = data.averageRating.toFixed(1);
  return (
    <span className="rating" aria-label={`التقييم ${average} من 5 (${countOf(data.validRatings, NOUNS.rating)})`}>
      <span className="rating__star" aria-hidden="true">
        ★
      </span>
      <bdi dir="ltr" aria-hidden="true">
        {average}
      </bdi>
      <span className="muted" aria-hidden="true">
        ({data.validRatings})
      </span>
    </span>
  );
}
