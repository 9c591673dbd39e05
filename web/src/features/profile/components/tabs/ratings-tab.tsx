import { useRatings } from '../../api/ratings';
import { RatingsList } from '../ratings-list';
import { Loading } from './list-parts';

/** «التقييمات»: the ratings the member received. */
export function RatingsTab({ userId }: { userId: string }) {
  const { data, isPending } = useRatings(userId);
  if (isPending) return <Loading />;
  return <RatingsList ratings={data ?? []} emptyText="لا توجد تقييمات بعد." />;
}
