import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { AuctionTitleLink, Money, StatusBadge } from '@/components/display';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { Pagination, useWatchlist, useWatchMutation } from '@/features/auctions';
import { formatDateTime } from '@/lib/format';
import { DataTable } from '../data-table';
import { EmptyState } from '../empty-state';
import { Actions, Count, Loading } from './list-parts';

function UnwatchButton({ auctionId, title }: { auctionId: string; title: string }) {
  const unwatch = useWatchMutation(auctionId);
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-busy={unwatch.isPending || undefined}
      onClick={() => !unwatch.isPending && unwatch.mutate(false)}
      aria-label={`إزالة من قائمة المتابعة: ${title}`}
    >
      إزالة
    </Button>
  );
}

/**
 * The member's saved auctions (and those they bid on), most recently saved first, a page at a
 * time. A save or unsave on another tab or device re-reads it (app/live/member-events.ts).
 */
export function WatchlistTab() {
  const [page, setPage] = useState(1);
  const { data, isPending } = useWatchlist(page);
  // The last auction of a later page was removed (here or elsewhere): show the page before it.
  const pastTheEnd = page > 1 && data?.auctions.length === 0;
  useEffect(() => {
    if (pastTheEnd) setPage((current) => current - 1);
  }, [pastTheEnd]);
  if (isPending) return <Loading />;
  if (!data?.auctions.length)
    return (
      <EmptyState>
        قائمة المتابعة فارغة. احفظ مزاداً من صفحته بزر «حفظ» أو زايد عليه ليظهر هنا.{' '}
        <Link to={paths.home.getHref()}>تصفح المزادات</Link>
      </EmptyState>
    );
  return (
    <div className="profile-stack">
      <DataTable
        label="قائمة المتابعة"
        columns={['المزاد', 'الحالة', 'السعر الحالي', 'المتابعون', 'تاريخ الانتهاء', 'الإجراءات']}
        rows={data.auctions.map((auction) => ({
          key: auction._id,
          cells: [
            <AuctionTitleLink auction={auction} />,
            <StatusBadge status={auction.status} />,
            <Money amount={auction.currentPrice} />,
            <Count value={auction.watchCount} />,
            formatDateTime(auction.endTime),
            <Actions>
              <UnwatchButton auctionId={auction._id} title={auction.title} />
            </Actions>,
          ],
        }))}
      />
      <Pagination
        page={data.pagination.page}
        hasPrev={data.pagination.hasPrev}
        hasNext={data.pagination.hasNext}
        onChange={setPage}
      />
    </div>
  );
}
