import { AuctionTitleLink, Money, StatusBadge } from '@/components/display';
import { formatDateTime } from '@/lib/format';
import { useBidAuctions } from '../../api/bid-auctions';
import { DataTable } from '../data-table';
import { EmptyState } from '../empty-state';
import { Count, Loading } from './list-parts';

/** «مزايداتي»: the auctions the member bid on, with their highest bid and count. */
export function BidsTab({ userId }: { userId: string }) {
  const { data, isPending } = useBidAuctions(userId);
  if (isPending) return <Loading />;
  if (!data?.length) return <EmptyState>لم تزايد على أي مزاد بعد.</EmptyState>;
  return (
    <DataTable
      label="مزايداتي"
      columns={['المزاد', 'الحالة', 'السعر الحالي', 'أعلى مزايدة لي', 'عدد مزايداتي', 'تاريخ الانتهاء']}
      rows={data.map((auction) => ({
        key: auction._id,
        cells: [
          <AuctionTitleLink auction={auction} />,
          <StatusBadge status={auction.status} />,
          <Money amount={auction.currentPrice} />,
          <Money amount={auction.highestBid} />,
          <Count value={auction.userBidCount} />,
          formatDateTime(auction.endTime),
        ],
      }))}
    />
  );
}
