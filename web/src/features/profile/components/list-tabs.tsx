/** The list tabs of the own profile: auctions, unsold, bids, ratings, won, archived-unsold. */
import { categoryLabel, type ArchivedAuction, type Auction } from '@mazad/contracts';
import { Link } from 'react-router-dom';
import { Button, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { relistState } from '@/features/selling';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useArchivedUnsold, useBidAuctions, useConfirmDeal, useRatings, useUserAuctions, useWonArchived, useWonAuctions } from '../api/hooks';
import { canConfirmDeal, canEdit, shortId } from '../lib/display';
import { EmptyState, RatingsList, StatusBadge, TableWrap } from './common';

const UNSOLD = 'غير مباع';

function Loading() {
  return (
    <div className="profile-loading">
      <Spinner label="جارٍ تحميل القائمة…" />
    </div>
  );
}

function firstImage(auction: Pick<Auction, 'images' | 'imageUrl'>): string | null {
  return auction.images?.[0] ?? auction.imageUrl ?? null;
}

function Money({ value }: { value: number | null | undefined }) {
  return <bdi dir="ltr">{formatMoney(value)}</bdi>;
}

function ShortId({ id }: { id: string }) {
  return (
    <bdi dir="ltr" className="profile-short-id" title={id}>
      #{shortId(id)}
    </bdi>
  );
}

function ConfirmDealButton({ userId, auctionId, archived }: { userId: string; auctionId: string; archived?: boolean }) {
  const confirm = useConfirmDeal(userId);
  return (
    <Button size="sm" loading={confirm.isPending} onClick={() => confirm.mutate({ auctionId, archived })}>
      تأكيد الصفقة
    </Button>
  );
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
  return (
    <TableWrap label="مزاداتي">
      <thead>
        <tr>
          <th scope="col">العنوان</th>
          <th scope="col">المعرّف</th>
          <th scope="col">السعر الحالي</th>
          <th scope="col">المزايدات</th>
          <th scope="col">الحالة</th>
          <th scope="col">تاريخ الانتهاء</th>
          <th scope="col">الإجراءات</th>
        </tr>
      </thead>
      <tbody>
        {data.map((auction) => (
          <tr key={auction._id}>
            <th scope="row">
              <Link to={paths.auction.getHref(auction._id)}>{auction.title}</Link>
            </th>
            <td>
              <ShortId id={auction._id} />
            </td>
            <td>
              <Money value={auction.currentPrice} />
            </td>
            <td>
              <bdi dir="ltr">{auction.bidCount ?? 0}</bdi>
            </td>
            <td>
              <StatusBadge status={auction.status} />
            </td>
            <td>{formatDateTime(auction.endTime)}</td>
            <td>
              <div className="profile-row-actions">
                <ButtonLink to={paths.auction.getHref(auction._id)} variant="secondary" size="sm" aria-label={`عرض تفاصيل ${auction.title}`}>
                  التفاصيل
                </ButtonLink>
                {canEdit(auction) && (
                  <ButtonLink to={paths.editAuction.getHref(auction._id)} variant="secondary" size="sm" aria-label={`تعديل ${auction.title}`}>
                    تعديل
                  </ButtonLink>
                )}
                {canConfirmDeal(auction) && <ConfirmDealButton userId={userId} auctionId={auction._id} />}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </TableWrap>
  );
}

export function UnsoldTab({ userId }: { userId: string }) {
  const { data, isPending } = useUserAuctions(userId, UNSOLD);
  if (isPending) return <Loading />;
  if (!data?.length) return <EmptyState>لا توجد مزادات غير مباعة.</EmptyState>;
  return (
    <ul className="profile-cards">
      {data.map((auction) => {
        const image = firstImage(auction);
        return (
          <li key={auction._id} className="card profile-card">
            {image ? (
              <img className="profile-card__image" src={image} alt="" loading="lazy" width={320} height={200} />
            ) : (
              <div className="profile-card__image profile-card__image--none" aria-hidden="true" />
            )}
            <div className="profile-card__body">
              <h3 className="profile-card__title">
                <Link to={paths.auction.getHref(auction._id)}>{auction.title}</Link>
              </h3>
              <p className="profile-card__line">
                <StatusBadge status={auction.status} /> <span className="muted">{categoryLabel(auction.category)}</span>
              </p>
              <p className="profile-card__line">
                السعر الابتدائي: <Money value={auction.startingPrice} />
              </p>
              <p className="profile-card__line muted">انتهى: {formatDateTime(auction.endTime)}</p>
              <ButtonLink to={paths.createAuction.getHref()} state={relistState(auction)} size="sm" aria-label={`إعادة عرض ${auction.title}`}>
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
    <TableWrap label="مزايداتي">
      <thead>
        <tr>
          <th scope="col">المزاد</th>
          <th scope="col">الحالة</th>
          <th scope="col">السعر الحالي</th>
          <th scope="col">أعلى مزايدة لي</th>
          <th scope="col">عدد مزايداتي</th>
          <th scope="col">تاريخ الانتهاء</th>
        </tr>
      </thead>
      <tbody>
        {data.map((auction) => (
          <tr key={auction._id}>
            <th scope="row">
              <Link to={paths.auction.getHref(auction._id)}>{auction.title}</Link>
            </th>
            <td>
              <StatusBadge status={auction.status} />
            </td>
            <td>
              <Money value={auction.currentPrice} />
            </td>
            <td>
              <Money value={auction.highestBid} />
            </td>
            <td>
              <bdi dir="ltr">{auction.userBidCount ?? 0}</bdi>
            </td>
            <td>{formatDateTime(auction.endTime)}</td>
          </tr>
        ))}
      </tbody>
    </TableWrap>
  );
}

export function RatingsTab({ userId }: { userId: string }) {
  const { data, isPending } = useRatings(userId);
  if (isPending) return <Loading />;
  return <RatingsList ratings={data ?? []} emptyText="لا توجد تقييمات بعد." />;
}

function WonArchivedTable({ userId, items }: { userId: string; items: ArchivedAuction[] }) {
  return (
    <TableWrap label="المزادات الفائزة المؤرشفة">
      <thead>
        <tr>
          <th scope="col">العنوان</th>
          <th scope="col">البائع</th>
          <th scope="col">السعر النهائي</th>
          <th scope="col">تاريخ الأرشفة</th>
          <th scope="col">الصفقة</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item._id}>
            <th scope="row">{item.title}</th>
            <td>{item.seller?.name || 'مستخدم'}</td>
            <td>
              <Money value={item.finalPrice} />
            </td>
            <td>{formatDateTime(item.archivedAt)}</td>
            <td>
              {item.isDealConfirmed ? (
                <span className="profile-badge profile-badge--success">تم التأكيد</span>
              ) : (
                <ConfirmDealButton userId={userId} auctionId={item._id} archived />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </TableWrap>
  );
}

export function WonTab({ userId }: { userId: string }) {
  const active = useWonAuctions(userId);
  const archived = useWonArchived(userId);
  if (active.isPending || archived.isPending) return <Loading />;
  return (
    <div className="profile-stack">
      <h2 className="profile-subtitle">المزادات الفائزة النشطة</h2>
      {active.data?.length ? (
        <TableWrap label="المزادات الفائزة النشطة">
          <thead>
            <tr>
              <th scope="col">العنوان</th>
              <th scope="col">المعرّف</th>
              <th scope="col">البائع</th>
              <th scope="col">السعر النهائي</th>
              <th scope="col">تاريخ الانتهاء</th>
              <th scope="col">الإجراءات</th>
            </tr>
          </thead>
          <tbody>
            {active.data.map((auction) => (
              <tr key={auction._id}>
                <th scope="row">
                  <Link to={paths.auction.getHref(auction._id)}>{auction.title}</Link>
                </th>
                <td>
                  <ShortId id={auction._id} />
                </td>
                <td>{auction.seller?.name || 'مستخدم'}</td>
                <td>
                  <Money value={auction.currentPrice} />
                </td>
                <td>{formatDateTime(auction.endTime)}</td>
                <td>
                  <div className="profile-row-actions">
                    <ButtonLink to={paths.messages.getHref(auction._id)} variant="secondary" size="sm" aria-label={`محادثة البائع حول ${auction.title}`}>
                      المحادثة
                    </ButtonLink>
                    {canConfirmDeal(auction) ? (
                      <ConfirmDealButton userId={userId} auctionId={auction._id} />
                    ) : (
                      <span className="profile-badge profile-badge--success">تم التأكيد</span>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </TableWrap>
      ) : (
        <EmptyState>لا توجد مزادات فائزة نشطة.</EmptyState>
      )}
      <h2 className="profile-subtitle">المزادات الفائزة المؤرشفة</h2>
      {archived.data?.length ? <WonArchivedTable userId={userId} items={archived.data} /> : <EmptyState>لا توجد مزادات فائزة مؤرشفة.</EmptyState>}
    </div>
  );
}

export function ArchivedUnsoldTab({ userId }: { userId: string }) {
  const { data, isPending } = useArchivedUnsold(userId);
  if (isPending) return <Loading />;
  if (!data?.length) return <EmptyState>لا توجد مزادات غير مباعة في الأرشيف.</EmptyState>;
  return (
    <TableWrap label="المزادات غير المباعة المؤرشفة">
      <thead>
        <tr>
          <th scope="col">العنوان</th>
          <th scope="col">الفئة</th>
          <th scope="col">السعر النهائي</th>
          <th scope="col">إجمالي المزايدات</th>
          <th scope="col">المشاهدات</th>
          <th scope="col">تاريخ الأرشفة</th>
          <th scope="col">الرسائل</th>
          <th scope="col">الإجراءات</th>
        </tr>
      </thead>
      <tbody>
        {data.map((item) => (
          <tr key={item._id}>
            <th scope="row">{item.title}</th>
            <td>{categoryLabel(item.category)}</td>
            <td>
              <Money value={item.finalPrice} />
            </td>
            <td>
              <bdi dir="ltr">{item.totalBids ?? 0}</bdi>
            </td>
            <td>
              <bdi dir="ltr">{item.viewCount ?? 0}</bdi>
            </td>
            <td>{formatDateTime(item.archivedAt)}</td>
            <td>
              <bdi dir="ltr">{item.messageCount ?? item.messages?.length ?? 0}</bdi>
            </td>
            <td>
              <div className="profile-row-actions">
                <ButtonLink
                  to={paths.createAuction.getHref()}
                  state={relistState({ ...item, startingPrice: item.startingPrice })}
                  size="sm"
                  aria-label={`إعادة عرض ${item.title}`}
                >
                  إعادة العرض
                </ButtonLink>
                <ButtonLink to={paths.messages.getHref(item._id)} variant="secondary" size="sm" aria-label={`رسائل ${item.title}`}>
                  الرسائل
                </ButtonLink>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </TableWrap>
  );
}
