import type { Bid } from '@mazad/contracts';
import { useId, type ReactNode } from 'react';
import { Money } from '@/components/display';
import { formatDateTime } from '@/lib/format';
import { bidHistoryRows } from '../../lib/detail-rules';

/**
 * The bid history: a scrollable list (about 16rem high) numbered from
 * the newest bid, with the bidder's name ("مستخدم" when unknown), the time and the amount; an
 * automatic bid (placed for a maximum, R-MAX-BID) is marked "تلقائية". `rowAction`: what a row
 * offers its viewer (the member's own bid: «سحب المزايدة», R-BID-RETRACT), by the bid's id.
 */
export function BidHistory({
  bids,
  bidCount,
  rowAction,
}: {
  bids: readonly Bid[];
  bidCount: number;
  rowAction?: (bidId: string) => ReactNode;
}) {
  const titleId = useId();
  const rows = bidHistoryRows(bids);
  return (
    <section className="detail-box bid-history" aria-labelledby={titleId}>
      <h2 id={titleId} className="detail-box__title">
        سجل المزايدات <span className="muted bid-history__count">({bidCount})</span>
      </h2>
      {rows.length === 0 ? (
        <p className="muted">لا توجد مزايدات بعد، كن أول من يزايد!</p>
      ) : (
        // Focusable so keyboard users can scroll it.
        <ol className="bid-history__list" tabIndex={0} aria-labelledby={titleId}>
          {rows.map((row) => (
            <li key={row.key} className={`bid-history__item ${row.cancelled ? 'bid-history__item--cancelled' : ''}`}>
              <span className="bid-history__number" aria-label={`المزايدة رقم ${row.number}`}>
                <bdi dir="ltr">#{row.number}</bdi>
              </span>
              <span className="bid-history__who">
                <span className="bid-history__name">{row.bidderName}</span>
                <time className="bid-history__time muted" dateTime={row.createdAt}>
                  {formatDateTime(row.createdAt)}
                </time>
              </span>
              <span className="bid-history__amount">
                <Money amount={row.amount} />
                {row.automatic && <span className="tag bid-history__automatic">تلقائية</span>}
                {row.cancelled && <span className="tag bid-history__cancelled">ملغاة</span>}
              </span>
              {rowAction?.(row.key)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
