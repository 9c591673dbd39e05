import { partyActions } from '@mazad/contracts';
import { Link } from 'react-router-dom';
import { AuctionDetailsLink, AuctionTitleLink, Money, StatusBadge } from '@/components/display';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { serverNow } from '@/lib/server-time';
import { useUserAuctions } from '../../api/user-auctions';
import { DataTable } from '../data-table';
import { EmptyState } from '../empty-state';
import { DealConfirmAction } from './deal-confirm-action';
import { Actions, Count, Loading, ShortId } from './list-parts';

/** «مزاداتي»: the member's auctions, with details, edit while allowed and the deal's confirmation. */
export function AuctionsTab({ userId }: { userId: string }) {
  const { data, isPending } = useUserAuctions(userId);
  if (isPending) return <Loading />;
  if (!data?.length)
    return (
      <EmptyState>
        لم تنشئ أي مزاد بعد. <Link to={paths.createAuction.getHref()}>أنشئ مزادك الأول</Link>
      </EmptyState>
    );
  const viewer = { _id: userId };
  const now = serverNow();
  return (
    <DataTable
      label="مزاداتي"
      columns={['العنوان', 'المعرّف', 'السعر الحالي', 'المزايدات', 'الحالة', 'تاريخ الانتهاء', 'الإجراءات']}
      rows={data.map((auction) => {
        const actions = partyActions(auction, viewer, now);
        return {
          key: auction._id,
          cells: [
            <AuctionTitleLink auction={auction} />,
            <ShortId id={auction._id} />,
            <Money amount={auction.currentPrice} />,
            <Count value={auction.bidCount} />,
            <StatusBadge status={auction.status} />,
            formatDateTime(auction.endTime),
            <Actions>
              <AuctionDetailsLink auction={auction} />
              {actions.canEdit && (
                <ButtonLink
                  to={paths.editAuction.getHref(auction._id)}
                  variant="secondary"
                  size="sm"
                  aria-label={`تعديل ${auction.title}`}
                >
                  تعديل
                </ButtonLink>
              )}
              {actions.canConfirmDeal && (
                <DealConfirmAction side="seller" userId={userId} auctionId={auction._id} title={auction.title} />
              )}
            </Actions>,
          ],
        };
      })}
    />
  );
}
