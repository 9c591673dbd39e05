import type { AuctionFacts } from './auction-facts';
import { bidCapFils } from './bid-rules';
import { bidStepFils } from './max-bids';

/**
 * What a bid form does with a typed amount before sending it (R-BID-REVIEW): a bid is binding at
 * once and cannot be taken back, so an amount far above the price (a typo such as 12000 for 1210)
 * is read back to the member for a second look, and an amount at or above the buy-now price is
 * not sent as a bid at all: the purchase is offered instead (R-BUY-NOW, the rule the server
 * applies to bids and maximums alike: reachesBuyNowPrice). Pure: the web's bid box and bid modal
 * ask it; the server refuses on its own what it must.
 */

/** An amount above this many times the current price is reviewed. */
export const BID_REVIEW_PRICE_FACTOR = 2;
/** An amount more than this many steps (R-BID-STEP) above the suggested bid is reviewed. */
export const BID_REVIEW_STEPS = 10;

/** Why an amount is read back: it more than doubles the price, or jumps many steps over the suggestion. */
export type BidReviewReason = 'over-twice-price' | 'many-steps-over';

/** Why `amountFils` over `currentPriceFils` needs a second look (null when it does not). */
export function bidReviewReason(currentPriceFils: number, amountFils: number): BidReviewReason | null {
  if (amountFils > currentPriceFils * BID_REVIEW_PRICE_FACTOR) return 'over-twice-price';
  const step = bidStepFils(currentPriceFils);
  const suggestedFils = currentPriceFils + step;
  if (amountFils > suggestedFils + BID_REVIEW_STEPS * step) return 'many-steps-over';
  return null;
}

/** What the form does: offer the purchase, read the amount back first, or send it. */
export type TypedBidAction = { action: 'buy-now' } | { action: 'review'; reason: BidReviewReason } | { action: 'send' };

/**
 * The form's decision for a valid amount (already above the price): at or above a buy-now price
 * that bidding has not reached, the purchase; far above the price, a review; otherwise send.
 * Once bidding reached the buy-now price there is no purchase to offer and the server judges.
 */
export function typedBidAction(
  auction: Pick<AuctionFacts, 'currentPriceFils' | 'buyNowPriceFils'>,
  amountFils: number,
): TypedBidAction {
  // The server refuses such a bid (BID_AT_BUY_NOW): the same cap, so the form and the judge agree.
  if (amountFils >= bidCapFils(auction)) return { action: 'buy-now' };
  const reason = bidReviewReason(auction.currentPriceFils, amountFils);
  return reason ? { action: 'review', reason } : { action: 'send' };
}
