/**
 * Where the signed-in member stands on an auction they bid on (the card's «أنت صاحب أعلى مزايدة»
 * and «تم تجاوز مزايدتك»), read from the auction's own payload: while it accepts bids, leading
 * when the highest valid bid is theirs (typed or placed by their maximum), outbid when they have
 * a valid bid among those the payload carries and someone else's is higher. Nothing otherwise:
 * a visitor, the seller (who cannot bid), a member who has not bid, an auction that no longer takes bids (its
 * winner is said elsewhere). List payloads carry the latest 10 bids, so a member outbid by more
 * than ten bids since is not told here; the auction page reads the full history.
 */
import type { Auction } from '@mazad/contracts';

export type Standing = 'leading' | 'outbid';

export const STANDING_TEXT: Record<Standing, string> = {
  leading: 'أنت صاحب أعلى مزايدة',
  outbid: 'تم تجاوز مزايدتك',
};

/** `open`: the auction takes bids now (`offerState(…).open`); `userId`: the signed-in member's. */
export function standingOf(auction: Auction, userId: string | null | undefined, open: boolean): Standing | null {
  if (!userId || !open) return null;
  const valid = (auction.bids ?? []).filter((bid) => !bid.isCancelled && bid.bidder?._id);
  if (valid.length === 0) return null;
  const highest = valid.reduce((top, bid) => (bid.amount > top.amount ? bid : top));
  if (highest.bidder._id === userId) return 'leading';
  return valid.some((bid) => bid.bidder._id === userId) ? 'outbid' : null;
}
