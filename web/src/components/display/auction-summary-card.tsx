import { categoryLabel } from '@mazad/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { AuctionImage } from './auction-image';
import { Money } from './money';
import { StatusBadge } from './status-badge';

/** What a summary of an auction shows (an auction, a list item or a member's auction). */
export interface AuctionSummary {
  _id: string;
  title: string;
  status: string;
  category: string;
  endTime: string;
  images?: readonly string[] | null;
  imageUrl?: string | null;
}

/** The auction's title as a link to its page (lists, tables, cards). */
export function AuctionTitleLink({
  auction,
  className,
}: {
  auction: Pick<AuctionSummary, '_id' | 'title'>;
  className?: string;
}) {
  return (
    <Link to={paths.auction.getHref(auction._id)} className={className}>
      {auction.title}
    </Link>
  );
}

/** «التفاصيل»: the small button to the auction's page, named by its title for screen readers. */
export function AuctionDetailsLink({ auction }: { auction: Pick<AuctionSummary, '_id' | 'title'> }) {
  return (
    <ButtonLink
      to={paths.auction.getHref(auction._id)}
      variant="secondary"
      size="sm"
      aria-label={`التفاصيل: ${auction.title}`}
    >
      التفاصيل
    </ButtonLink>
  );
}

export interface AuctionSummaryCardProps {
  auction: AuctionSummary;
  /** The price shown and what it is («السعر الحالي», «السعر الابتدائي»). */
  price: number | null | undefined;
  priceLabel: string;
  /** What the end date is («ينتهي» while open, «انتهى» after). */
  endLabel: string;
  /** An action under the facts (re-listing, for one). */
  children?: ReactNode;
}

/**
 * An auction in a grid of cards (`AuctionSummaryCards`): its image, title, status and category,
 * one price and its end. The lists' richer card with live prices is the auctions feature's own.
 */
export function AuctionSummaryCard({ auction, price, priceLabel, endLabel, children }: AuctionSummaryCardProps) {
  return (
    <li className="card summary-card">
      <AuctionImage auction={auction} alt="" className="summary-card__image" width={320} height={200} />
      <div className="summary-card__body">
        <h3 className="summary-card__title">
          <AuctionTitleLink auction={auction} />
        </h3>
        <p className="summary-card__line">
          <StatusBadge status={auction.status} /> <span className="muted">{categoryLabel(auction.category)}</span>
        </p>
        <p className="summary-card__line">
          {priceLabel}: <Money amount={price} />
        </p>
        <p className="summary-card__line muted">
          {endLabel}: {formatDateTime(auction.endTime)}
        </p>
        {children}
      </div>
    </li>
  );
}

/** The grid of summary cards; `label` names the list when no heading does. */
export function AuctionSummaryCards({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul className="summary-cards" aria-label={label}>
      {children}
    </ul>
  );
}
