/** The list tabs of the own profile: auctions, unsold, bids, watchlist, ratings, won, archived-unsold. */
import { categoryLabel, partyActions, type ArchivedAuction } from '@mazad/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AuctionImage, Money, StatusBadge } from '@/components/display';
import { Button, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useConfirmArchivedDeal } from '@/features/archive';
import { Pagination, useWatchlist, useWatchMutation } from '@/features/auctions';
import { ConfirmDealButton, DEAL_CONFIRMED, useConfirmDeal } from '@/features/messages';
import { relistState } from '@/features/selling';
import { formatDateTime } from '@/lib/format';
import { serverNow } from '@/lib/server-time';
import { useArchivedUnsold, useWonArchived } from '../api/archived';
import { useBidAuctions } from '../api/bid-auctions';
import { useRatings } from '../api/ratings';
import { useUserAuctions } from '../api/user-auctions';
import { useWonAuctions } from '../api/won-auctions';
import { shortId } from '../lib/display';
import { GENERIC_USER } from '../lib/messages';
import { DataTable, EmptyState, RatingsList } from './common';

const UNSOLD = 'غير مباع';

function Loading() {
  return (
    <div className="profile-loading">
      <Spinner label="جارٍ تحميل القائمة…" />
    </div>
  );
}

function Count({ value }: { value: number | null | undefined }) {
  return <bdi dir="ltr">{value ?? 0}</bdi>;
}

function ShortId({ id }: { id: string }) {
  return (
    <bdi dir="ltr" className="profile-short-id" title={id}>
      #{shortId(id)}
    </bdi>
  );
}

function Confirmed() {
  return <span className="tag tag--success">تم التأكيد</span>;
}

function DealConfirmAction({
  side,
  userId,
  auctionId,
  title,
  archived,
}: {
  side: 'winner' | 'seller';
  userId: string;
  auctionId: string;
  title: string;
  archived?: boolean;
}) {
  const live = useConfirmDeal(userId);
  const archive = useConfirmArchivedDeal(userId);
  const confirm = archived ? archive : live;
  // A failure was toasted by the API client (the server's message, else the deal's error text).
  return (
    <ConfirmDealButton
      side={side}
      title={title}
      size="sm"
      label="تأكيد الصفقة"
      ariaLabel={`تأكيد الصفقة: ${title}`}
      busy={confirm.isPending}
      onConfirm={() =>
        confirm.mutate(auctionId, { onSuccess: (result) => toast.success(result?.message || DEAL_CONFIRMED) })
      }
    />
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="profile-row-actions">{children}</div>;
}

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
            <Link to={paths.auction.getHref(auction._id)}>{auction.title}</Link>,
            <ShortId id={auction._id} />,
            <Money amount={auction.currentPrice} />,
            <Count value={auction.bidCount} />,
            <StatusBadge status={auction.status} />,
            formatDateTime(auction.endTime),
            <Actions>
              <ButtonLink
                to={paths.auction.getHref(auction._id)}
                variant="secondary"
                size="sm"
                aria-label={`التفاصيل: ${auction.title}`}
              >
                التفاصيل
              </ButtonLink>
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

export function UnsoldTab({ userId }: { userId: string }) {
  const { data, isPending } = useUserAuctions(userId, UNSOLD);
  if (isPending) return <Loading />;
  if (!data?.length) return <EmptyState>لا توجد مزادات غير مباعة.</EmptyState>;
  return (
    <ul className="profile-cards" aria-label="المزادات غير المباعة">
      {data.map((auction) => {
        return (
          <li key={auction._id} className="card profile-card">
            <AuctionImage auction={auction} alt="" className="profile-card__image" width={320} height={200} />
            <div className="profile-card__body">
              <h3 className="profile-card__title">
                <Link to={paths.auction.getHref(auction._id)}>{auction.title}</Link>
              </h3>
              <p className="profile-card__line">
                <StatusBadge status={auction.status} /> <span className="muted">{categoryLabel(auction.category)}</span>
              </p>
              <p className="profile-card__line">
                السعر الابتدائي: <Money amount={auction.startingPrice} />
              </p>
              <p className="profile-card__line muted">انتهى: {formatDateTime(auction.endTime)}</p>
              <ButtonLink
                to={paths.createAuction.getHref()}
                state={relistState(auction)}
                size="sm"
                aria-label={`إعادة العرض: ${auction.title}`}
              >
                إعادة العرض
              </ButtonLink>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

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
          <Link to={paths.auction.getHref(auction._id)}>{auction.title}</Link>,
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
            <Link to={paths.auction.getHref(auction._id)}>{auction.title}</Link>,
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

export function RatingsTab({ userId }: { userId: string }) {
  const { data, isPending } = useRatings(userId);
  if (isPending) return <Loading />;
  return <RatingsList ratings={data ?? []} emptyText="لا توجد تقييمات بعد." />;
}

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
              <Link to={paths.auction.getHref(auction._id)}>{auction.title}</Link>,
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

export function ArchivedUnsoldTab({ userId }: { userId: string }) {
  const { data, isPending } = useArchivedUnsold(userId);
  if (isPending) return <Loading />;
  if (!data?.length) return <EmptyState>لا توجد مزادات غير مباعة في الأرشيف.</EmptyState>;
  return (
    <DataTable
      label="المزادات غير المباعة المؤرشفة"
      columns={[
        'العنوان',
        'الفئة',
        'السعر النهائي',
        'إجمالي المزايدات',
        'المشاهدات',
        'تاريخ الأرشفة',
        'الرسائل',
        'الإجراءات',
      ]}
      rows={data.map((item) => ({
        key: item._id,
        cells: [
          item.title,
          categoryLabel(item.category),
          <Money amount={item.finalPrice} />,
          <Count value={item.totalBids} />,
          <Count value={item.viewCount} />,
          formatDateTime(item.archivedAt),
          <Count value={item.messageCount ?? item.messages?.length} />,
          // No "messages" action: chat exists only between the seller and the winner of a sold
          // auction, so an unsold one has no conversation to open.
          <Actions>
            <ButtonLink
              to={paths.createAuction.getHref()}
              state={relistState(item)}
              size="sm"
              aria-label={`إعادة العرض: ${item.title}`}
            >
              إعادة العرض
            </ButtonLink>
          </Actions>,
        ],
      }))}
    />
  );
}
