/**
 * A page of auction cards (the home page and /auctions): a grid on wide screens, a compact list on
 * a phone (auctions.css), each card with its watch toggle's state, read once for the whole page.
 */
import type { Auction } from '@mazad/contracts';
import { useMemo, type Ref } from 'react';
import { useWatching } from '../api';
import { AuctionCard, FIRST_SCREEN_CARDS } from './auction-card';

export interface AuctionListProps {
  /** The whole page (the watch states are asked for all of it at once). */
  auctions: readonly Auction[];
  /** The cards rendered now (the first screen's first, then the page: routes' first-screen rule). */
  shown: readonly Auction[];
  listRef?: Ref<HTMLUListElement>;
  className: string;
  label: string;
  isNew?: (id: string) => boolean;
  showRemovalCountdown?: boolean;
}

export function AuctionList({
  auctions,
  shown,
  listRef,
  className,
  label,
  isNew,
  showRemovalCountdown,
}: AuctionListProps) {
  const ids = useMemo(() => auctions.map((auction) => auction._id), [auctions]);
  const watched = useWatching(ids);
  return (
    <ul ref={listRef} className={className} aria-label={label}>
      {shown.map((auction, index) => (
        <li key={auction._id}>
          <AuctionCard
            auction={auction}
            isNew={isNew?.(auction._id)}
            showRemovalCountdown={showRemovalCountdown}
            priority={index < FIRST_SCREEN_CARDS}
            watched={watched(auction._id)}
          />
        </li>
      ))}
    </ul>
  );
}
