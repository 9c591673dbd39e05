/**
 * Where a member stands on an open auction (docs/auctions.md, "Where you stand"): leading (the
 * highest standing bid is theirs, placed by hand or by their maximum), outbid (they took part,
 * by a bid or a maximum, and someone else leads), or nothing to say (not signed in, the seller,
 * never took part, or the auction closed: the after-sale screens take over). Read from what
 * every viewer already receives — the bids and their bidders — and the member's own maximum
 * (GET …/max-bid, theirs alone): nobody's maximum is needed or revealed.
 */
import type { Auction } from '@mazad/contracts';
import { isOpen } from './visibility';

export type Standing = 'leading' | 'outbid' | null;

/** What the auction page's standing line and the cards say. */
export const STANDING_TEXT: Record<Exclude<Standing, null>, string> = {
  leading: 'أنت صاحب أعلى مزايدة',
  outbid: 'تم تجاوز مزايدتك',
};

export type StandingAuction = Pick<Auction, 'status'> & {
  seller?: Pick<Auction['seller'], '_id'> | null;
  bids?: Pick<Auction['bids'][number], 'amount' | 'bidder' | 'isCancelled'>[] | null;
};

/**
 * `hasMaxBid`: the member has a maximum on the auction (their own max-bid read, when known).
 * A list item carries only the latest bids: a member whose bids all scrolled out of them and
 * who has no known maximum reads null there (nothing is claimed), never a wrong state.
 */
export function standingOf(auction: StandingAuction, userId: string | null | undefined, hasMaxBid: boolean): Standing {
  if (!userId || !isOpen(auction.status) || auction.seller?._id === userId) return null;
  const standing = (auction.bids ?? []).filter((bid) => !bid.isCancelled);
  // Standing bids strictly rise, so the highest is the price's holder, whatever the copy's order.
  const leader = standing.reduce<(typeof standing)[number] | null>(
    (best, bid) => (!best || bid.amount > best.amount ? bid : best),
    null,
  );
  if (leader?.bidder?._id === userId) return 'leading';
  const tookPart = hasMaxBid || standing.some((bid) => bid.bidder?._id === userId);
  return tookPart ? 'outbid' : null;
}
