/**
 * An auction that is no longer on offer: why (ended, sold, cancelled, removed by the operators,
 * or gone altogether), in words, with open auctions of the same category to go on with, instead
 * of sending the member home. `GoneNotice` stands in the bid box's place on a closed auction a
 * third party opens; `AuctionGone` is the whole page for an address the server no longer answers.
 */
import { AuctionStatus, type Auction } from '@mazad/contracts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { AuctionImage, Money } from '@/components/display';
import { paths } from '@/config/paths';
import { useAuctions } from '../../api';
import { isOpen } from '../../lib/visibility';
import { LiveTimeLeft } from './live-time-left';

export const GONE_TITLE = 'لم يعد هذا المزاد متاحاً';

/** Why an auction is gone: its status, the operators' removal, or nothing known (no such auction). */
export type GoneReason = 'sold' | 'unsold' | 'cancelled' | 'removed' | 'missing';

export const GONE_REASONS: Record<GoneReason, string> = {
  sold: 'انتهى هذا المزاد وبيعت السلعة.',
  unsold: 'انتهى هذا المزاد دون بيع.',
  cancelled: 'أُلغي هذا المزاد.',
  removed: 'أزال فريق مزاد هذا المزاد فلم يعد معروضاً.',
  missing: 'لم نجد هذا المزاد: ربما حذفه البائع، أو أن الرابط غير صحيح.',
};

/** The reason a closed auction's status gives. */
export function goneReasonOf(status: string): GoneReason {
  if (status === AuctionStatus.Sold) return 'sold';
  if (status === AuctionStatus.Cancelled) return 'cancelled';
  if (status === AuctionStatus.Deleted) return 'removed';
  return 'unsold';
}

/** How many similar auctions are offered. */
export const SIMILAR_COUNT = 4;

/** Open auctions of `category` (any category when unknown), `excludeId` left out. */
export function SimilarAuctions({ category, excludeId }: { category?: string | null; excludeId?: string }) {
  const titleId = useId();
  const list = useAuctions({ category: category ?? undefined, status: AuctionStatus.Active, limit: SIMILAR_COUNT + 1 });
  const items = (list.data?.auctions ?? [])
    .filter((a) => a._id !== excludeId && isOpen(a.status))
    .slice(0, SIMILAR_COUNT);
  return (
    <section className="similar" aria-labelledby={titleId} aria-busy={list.isPending} data-testid="similar-auctions">
      <h2 id={titleId} className="detail-box__title">
        {category ? 'مزادات مشابهة مفتوحة' : 'مزادات مفتوحة'}
      </h2>
      {items.length > 0 ? (
        <ul className="similar__list">
          {items.map((auction) => (
            <SimilarItem key={auction._id} auction={auction} />
          ))}
        </ul>
      ) : (
        !list.isPending && <p className="muted">لا توجد مزادات مفتوحة مشابهة الآن.</p>
      )}
      <p className="similar__more">
        <Link to={paths.auctions.getHref()}>تصفّح كل المزادات</Link>
      </p>
    </section>
  );
}

function SimilarItem({ auction }: { auction: Auction }) {
  return (
    <li className="similar__item">
      <Link to={paths.auction.getHref(auction._id)} className="similar__link">
        <AuctionImage auction={auction} alt="" className="similar__image" width={64} height={48} />
        <span className="similar__title">{auction.title}</span>
        <span className="similar__facts">
          <Money amount={auction.currentPrice} className="similar__price" />
          <LiveTimeLeft endTime={auction.endTime} className="muted similar__time" />
        </span>
      </Link>
    </li>
  );
}

/** In the bid box's place on a closed auction, for anyone but its two parties. */
export function GoneNotice({ auction }: { auction: Pick<Auction, '_id' | 'status' | 'category'> }) {
  const titleId = useId();
  return (
    <section className="detail-box gone" aria-labelledby={titleId} data-testid="gone-notice">
      <h2 id={titleId} className="detail-box__title">
        {GONE_TITLE}
      </h2>
      <p>{GONE_REASONS[goneReasonOf(auction.status)]}</p>
      <SimilarAuctions category={auction.category} excludeId={auction._id} />
    </section>
  );
}

/** The page of an auction the server no longer answers (404): why, when it says, and what else is open. */
export function AuctionGone({ reason, category }: { reason: GoneReason; category?: string | null }) {
  return (
    <article className="page auction-gone" aria-labelledby="auction-gone-title" data-testid="auction-gone">
      <h1 id="auction-gone-title">{GONE_TITLE}</h1>
      <p className="auction-gone__reason">{GONE_REASONS[reason]}</p>
      <SimilarAuctions category={category} />
      <p>
        <Link to={paths.home.getHref()}>العودة إلى الصفحة الرئيسية</Link>
      </p>
    </article>
  );
}
