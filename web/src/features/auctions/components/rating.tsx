import { RatingSummary } from '@/components/display';
import { useSellerRating } from '../api';

/** A seller's average rating (stars out of 5) and number of ratings, read once per seller. */
export function SellerRating({ sellerId }: { sellerId: string | null | undefined }) {
  const { data } = useSellerRating(sellerId);
  return <RatingSummary average={data?.averageRating ?? 0} count={data?.validRatings ?? 0} emptyText="بدون تقييم" />;
}
