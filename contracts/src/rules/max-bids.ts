import type { ErrorCode } from '../errors';
import type { AuctionFacts, Instant } from './auction-facts';
import { closedReason, minimumBidFils, reachesBuyNowPrice } from './bid-rules';

/**
 * Automatic (maximum) bidding, R-MAX-BID and R-BID-STEP in docs/rules.md: a member's secret
 * maximum makes the engine bid for them, in the smallest step that keeps them ahead, up to it.
 * Pure rules, shared by the server's engine (which applies them in order under the auction's
 * lock, then writes conditionally) and the web's bid box.
 */

/**
 * The step table (R-BID-STEP), published as is (the about page): below `belowFils` the step is
 * `stepFils`; the last row (`belowFils` null) holds from 1,000 JOD up.
 */
export const BID_STEP_TABLE: readonly { belowFils: number | null; stepFils: number }[] = [
  { belowFils: 10_000, stepFils: 250 },
  { belowFils: 100_000, stepFils: 1_000 },
  { belowFils: 1_000_000, stepFils: 5_000 },
  { belowFils: null, stepFils: 10_000 },
];

/** The automatic bidding step at `priceFils` (R-BID-STEP): 0.250 under 10 JOD, 1 under 100, 5 under 1,000, else 10. */
export function bidStepFils(priceFils: number): number {
  return BID_STEP_TABLE.find((s) => s.belowFils === null || priceFils < s.belowFils)!.stepFils;
}

/** A standing maximum. `order`: when it was set (smaller = earlier); of two equal maximums the earlier wins. */
export interface StandingMax {
  userId: string;
  amountFils: number;
  order: number;
}

/** Where the bidding stands: the price and who holds it (null before the first bid). */
export interface ProxyState {
  priceFils: number;
  leaderId: string | null;
}

/** A bid the resolution produces: the incoming manual bid, or an automatic one for a maximum's owner. */
export interface ProxyBid {
  bidderId: string;
  amountFils: number;
  automatic: boolean;
}

/** What arrives: a manual bid already judged valid (above the price, not the seller's), or a new maximum. */
export type ProxyIncoming =
  | { kind: 'bid'; bidderId: string; amountFils: number }
  | { kind: 'max'; userId: string; amountFils: number; order: number };

export interface ProxyResolution extends ProxyState {
  bids: ProxyBid[];
  /** The maximums after the incoming one (a member's new maximum replaces their old one). */
  maxima: StandingMax[];
}

const ranks = (a: StandingMax, b: StandingMax) => b.amountFils - a.amountFils || a.order - b.order;

/**
 * Applies a manual bid or a new maximum and answers with the resulting bids and state
 * (R-MAX-BID): the highest maximum (the earlier of equal ones) leads at the lower competitor
 * (the runner-up maximum, or the standing price) plus one step, capped at its own maximum; a
 * manual bid against a higher maximum is answered at once; a change that leaves the leader
 * ahead (raising one's own maximum while leading) produces no bid. A maximum not above the
 * price never bids, so no bid is ever at or below the price.
 */
export function resolveProxy(
  state: ProxyState,
  maxima: readonly StandingMax[],
  incoming: ProxyIncoming,
): ProxyResolution {
  const bids: ProxyBid[] = [];
  let { priceFils, leaderId } = state;
  let standing = [...maxima];
  if (incoming.kind === 'bid') {
    bids.push({ bidderId: incoming.bidderId, amountFils: incoming.amountFils, automatic: false });
    priceFils = incoming.amountFils;
    leaderId = incoming.bidderId;
  } else {
    const { userId, amountFils, order } = incoming;
    standing = [...standing.filter((m) => m.userId !== userId), { userId, amountFils, order }];
  }
  const answer = answerMaxima({ priceFils, leaderId }, standing);
  return { ...answer, bids: [...bids, ...answer.bids] };
}

/**
 * How the standing maximums answer a price (R-MAX-BID): the highest maximum (the earlier of
 * equal ones) bids the runner-up maximum (or the price held by someone else) plus one step,
 * capped at its own amount, when that takes or keeps the lead above the price; otherwise no
 * bid. Also what the price becomes after an operator removes a member: the highest remaining
 * bid, answered by the remaining maximums (R-MAX-BID-REMOVAL).
 */
export function answerMaxima(state: ProxyState, maxima: readonly StandingMax[]): ProxyResolution {
  const bids: ProxyBid[] = [];
  let { priceFils, leaderId } = state;
  const [top, runnerUp] = [...maxima].sort(ranks);
  if (top) {
    const leads = top.userId === leaderId;
    // What the top maximum must beat: the runner-up maximum and, held by someone else, the price.
    const level = Math.max(runnerUp?.amountFils ?? 0, leads ? 0 : priceFils);
    const amountFils = Math.min(top.amountFils, level + bidStepFils(level));
    // A leader answers only a runner-up above the price (raising one's own maximum is silent);
    // anyone else bids when their maximum can go above the price.
    if (leads ? level > priceFils : amountFils > priceFils) {
      bids.push({ bidderId: top.userId, amountFils, automatic: true });
      priceFils = amountFils;
      leaderId = top.userId;
    }
  }
  return { bids, priceFils, leaderId, maxima: [...maxima] };
}

/**
 * Why `userId` may not set a maximum of `amountFils` now (null when they may): the auction is
 * closed, it is their own, the amount is below the price plus one step, or it reaches the
 * buy-now price (MAX_BID_AT_BUY_NOW: a hidden maximum must never let a third member buy below
 * it, so the member is offered the purchase instead).
 */
export function maxBidRefusal(
  auction: AuctionFacts | null | undefined,
  userId: string,
  amountFils: number,
  now: Instant,
): ErrorCode | null {
  const closed = closedReason(auction, now);
  if (closed) return closed;
  const { sellerId, currentPriceFils } = auction!;
  if (sellerId === userId) return 'BID_OWN_AUCTION';
  if (amountFils < minimumMaxBidFils(currentPriceFils)) return 'MAX_BID_TOO_LOW';
  if (reachesBuyNowPrice(auction!, amountFils)) return 'MAX_BID_AT_BUY_NOW';
  return null;
}

/** The smallest maximum accepted over `currentPriceFils`: the price plus one step (and always a valid bid). */
export function minimumMaxBidFils(currentPriceFils: number): number {
  return Math.max(minimumBidFils(currentPriceFils), currentPriceFils + bidStepFils(currentPriceFils));
}
