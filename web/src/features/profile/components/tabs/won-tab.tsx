import { partyActions, type ArchivedAuction } from '@mazad/contracts';
import { AuctionTitleLink, Money } from '@/components/display';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { serverNow } from '@/lib/server-time';
import { useWonArchived } from '../../api/archived';
import { useWonAuctions } from '../../api/won-auctions';
import { GENERIC_USER } from '../../lib/messages';
import { DataTable } from '../data-table';
import { EmptyState } from '../empty-state';
import { DealConfirmAction } from './deal-confirm-action';
import { Actions, Confirmed, Loading, ShortId } from './list-parts';

function WonArchivedTable({ userId, items }: { userId: string; items: ArchivedAuction[] }) {
  return (
    <DataTable
      label="المزادات الفائزة المؤرشفة"
      hideCaption
      columns={['العنوان', 'البائع', 'السعر النهائي', 'تاريخ الأرشفة', 'الصفقة']}
      rows={items.map((item) => ({
        key: item._id,
        cells: [
          item.title,
          item.seller?.name || GENERIC_USER,
          <Money amount={item.finalPrice} />,
          formatDateTime(item.archivedAt),
          item.isDealConfirmed ? (
            <Confirmed />
          ) : (
            <DealConfirmAction side="winner" userId={userId} auctionId={item._id} title={item.title} archived />
          ),
        ],
      }))}
    />
  );
}

/** «المزادات الفائزة»: the auctions the member won, live (chat, deal) then archived. */
export function WonTab({ userId }: { userId: string }) {
  const active = useWonAuctions(userId);
  const archived = useWonArchived(userId);
  if (active.isPending || archived.isPending) return <Loading />;
  const viewer = { _id: userId };
  const now = serverNow();
  return (
    <div className="profile-stack">
      <h2 className="profile-subtitle">المزادات الفائزة النشطة</h2>
      {active.data?.length ? (
        <DataTable
          label="المزادات الفائزة النشطة"
          hideCaption
          columns={['العنوان', 'المعرّف', 'البائع', 'السعر النهائي', 'تاريخ الانتهاء', 'الإجراءات']}
          rows={active.data.map((auction) => ({
            key: auction._id,
            cells: [
              <AuctionTitleLink auction={auction} />,
              <ShortId id={auction._id} />,
              auction.seller?.name || GENERIC_USER,
              <Money amount={auction.currentPrice} />,
              formatDateTime(auction.endTime),
              <Actions>
                <ButtonLink
                  to={paths.messages.getHref(auction._id)}
                  variant="secondary"
                  size="sm"
                  aria-label={`المحادثة: ${auction.title}`}
                >
                  المحادثة
                </ButtonLink>
                {partyActions(auction, viewer, now).canConfirmDeal ? (
                  <DealConfirmAction side="winner" userId={userId} auctionId={auction._id} title={auction.title} />
                ) : (
                  auction.isDealConfirmed && <Confirmed />
                )}
              </Actions>,
            ],
          }))}
        />
      ) : (
        <EmptyState>لا توجد مزادات فائزة نشطة.</EmptyState>
      )}
      <h2 className="profile-subtitle">المزادات الفائزة المؤرشفة</h2>
      {archived.data?.length ? (
        <WonArchivedTable userId={userId} items={archived.data} />
      ) : (
        <EmptyState>لا توجد مزادات فائزة مؤرشفة.</EmptyState>
      )}
    </div>
  );
}
