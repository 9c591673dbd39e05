import type { ErrorCode } from '../errors';
import type { AuctionFacts } from './auction-facts';
import { judgeBids } from './bid-rules';
import { maxBidRefusal, type ProxyState, resolveProxy, type StandingMax } from './max-bids';
import { blockedRefusal, type SellerBlocks } from './member-blocks';

/**
 * The auction a batch is judged against: its facts and where the bidding stands, read together
 * with the database clock (`dbNow`) by the server's engine.
 */
export interface BatchAuctionState extends AuctionFacts, SellerBlocks {
  /** The database's `now()` when the state was read: the rules' clock. */
  dbNow: Date;
  /** The current highest bidder (null without bids). */
  leaderId: string | null;
  /** The standing maximums (R-MAX-BID), `order` their rank among equal amounts. */
  maxima: StandingMax[];
}

/** What a batch holds, in arrival order: manual bids, new maximums and withdrawals (R-MAX-BID). */
export type BatchRequest =
  | { kind: 'bid'; bidderId: string; amountFils: number; idempotencyKey?: string }
  | { kind: 'max'; userId: string; amountFils: number }
  | { kind: 'withdraw'; userId: string };

/**
 * A bid to write, manual or placed for a maximum (`automatic`); `item`: the index of the manual
 * bid's request, absent for an automatic bid.
 */
export interface JudgedBid {
  bidderId: string;
  amountFils: number;
  idempotencyKey?: string;
  automatic?: boolean;
  item?: number;
}

export interface JudgedBatch {
  /** Every bid to write, manual and automatic, in order. */
  bids: JudgedBid[];
  /** Requests by their index in the batch. */
  refused: { item: number; code: ErrorCode }[];
  /**
   * The maximums and withdrawals taken, each with `tiedEarlier`: the member's new maximum
   * equals the leader's earlier one, which keeps the lead (the member is told so).
   */
  taken: { item: number; tiedEarlier: boolean }[];
  /** Each member's new maximum, null when withdrawn (only real changes). */
  changes: Map<string, number | null>;
  /** Where the bidding stands after the batch, and the maximums then. */
  final: ProxyState;
  maxima: StandingMax[];
}

/**
 * Judges a batch in arrival order against the auction (read with the database clock, open):
 * a bid or a maximum of a member the seller blocked is refused (R-BLOCK: BLOCKED_BY_SELLER),
 * each manual bid by the bid rule (R-BID-MIN-INCREMENT, R-BID-NOT-SELLER, R-BID-BUY-NOW-CAP), each new maximum by
 * maxBidRefusal, then the proxy resolution (R-MAX-BID) answers each with the automatic bids it
 * causes, against the running price. A maximum set again at the same amount changes nothing (a
 * retry keeps its place among equal maximums); withdrawing is refused while the member holds
 * the price (MAX_BID_HOLDS_PRICE) and is a no-op without a maximum.
 */
export function judgeBatch(state: BatchAuctionState, items: readonly BatchRequest[]): JudgedBatch {
  const result: JudgedBatch = {
    bids: [],
    refused: [],
    taken: [],
    changes: new Map(),
    final: {} as ProxyState,
    maxima: [],
  };
  let proxy: ProxyState = { priceFils: state.currentPriceFils, leaderId: state.leaderId };
  let maxima: StandingMax[] = state.maxima;
  // New maximums rank after every stored one, in arrival order (the store gives them later seqs).
  let order = Math.max(0, ...maxima.map((m) => m.order)) + 1;
  const refuse = (index: number, code: ErrorCode) => result.refused.push({ item: index, code });
  items.forEach((item, index) => {
    if (item.kind === 'withdraw') {
      const own = maxima.some((m) => m.userId === item.userId);
      if (own && proxy.leaderId === item.userId) {
        refuse(index, 'MAX_BID_HOLDS_PRICE');
        return;
      }
      if (own) {
        maxima = maxima.filter((m) => m.userId !== item.userId);
        result.changes.set(item.userId, null);
      }
      result.taken.push({ item: index, tiedEarlier: false });
      return;
    }
    const blocked = blockedRefusal(state, item.kind === 'bid' ? item.bidderId : item.userId);
    if (blocked) {
      refuse(index, blocked);
      return;
    }
    if (item.kind === 'bid') {
      // The manual bid rule itself, against the running price (automatic answers included) and
      // the buy-now price (R-BID-BUY-NOW-CAP).
      const facts = {
        sellerId: state.sellerId,
        currentPriceFils: proxy.priceFils,
        buyNowPriceFils: state.buyNowPriceFils,
      };
      const [refusal] = judgeBids(facts, [item]).rejected;
      if (refusal) refuse(index, refusal.code);
      else apply(resolveProxy(proxy, maxima, item), index, item.idempotencyKey);
      return;
    }
    if (maxima.find((m) => m.userId === item.userId)?.amountFils === item.amountFils) {
      result.taken.push({ item: index, tiedEarlier: false });
      return;
    }
    const code = maxBidRefusal(
      { ...state, currentPriceFils: proxy.priceFils },
      item.userId,
      item.amountFils,
      state.dbNow,
    );
    if (code) {
      refuse(index, code);
      return;
    }
    apply(resolveProxy(proxy, maxima, { ...item, order: order++ }));
    result.changes.set(item.userId, item.amountFils);
    // Someone else's earlier maximum of the same amount kept the lead.
    const leader = proxy.leaderId === item.userId ? undefined : maxima.find((m) => m.userId === proxy.leaderId);
    result.taken.push({ item: index, tiedEarlier: leader?.amountFils === item.amountFils });
  });
  result.final = proxy;
  result.maxima = maxima;
  return result;

  /** Takes a resolution's bids; `manual`, `idempotencyKey`: the index and key of the manual bid it answers. */
  function apply(resolution: ReturnType<typeof resolveProxy>, manual?: number, idempotencyKey?: string) {
    for (const bid of resolution.bids) {
      result.bids.push(
        bid.automatic
          ? { bidderId: bid.bidderId, amountFils: bid.amountFils, automatic: true }
          : { bidderId: bid.bidderId, amountFils: bid.amountFils, idempotencyKey, item: manual },
      );
    }
    proxy = { priceFils: resolution.priceFils, leaderId: resolution.leaderId };
    maxima = resolution.maxima;
  }
}
