import { AuctionSummaryCard, AuctionSummaryCards } from '@/components/display';
import { useUserAuctions } from '../../api/user-auctions';
import { EmptyState } from '../empty-state';
import { Loading, RelistLink } from './list-parts';

const UNSOLD = 'غير مباع';

/** «غير المباعة»: the member's unsold auctions, each offered for re-listing. */
export function UnsoldTab({ userId }: { userId: string }) {
  const { data, isPending } = useUserAuctions(userId, UNSOLD);
  if (isPending) return <Loading />;
  if (!data?.length) return <EmptyState>لا توجد مزادات غير مباعة.</EmptyState>;
  return (
    <AuctionSummaryCards label="المزادات غير المباعة">
      {data.map((auction) => (
        <AuctionSummaryCard
          key={auction._id}
          auction={auction}
          priceLabel="السعر الابتدائي"
          price={auction.startingPrice}
          endLabel="انتهى"
        >
          <RelistLink auction={auction} />
        </AuctionSummaryCard>
      ))}
    </AuctionSummaryCards>
  );
}
