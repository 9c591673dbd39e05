import type { Auction, BidRetractionReason, ErrorCode } from '@mazad/contracts';
import { AppException, auctionBusy } from '../../common/errors/app.exception';
import type { AuctionViews } from './auction-views';
import { MAX_BATCH } from './bid-admission';
import type { WrittenBid } from './bid-writer';

/*
 * What an auction's queue holds (BidSequencer) and what each item is answered with. Below the
 * sequencer and its turns, so that the turns never import the sequencer.
 */

/**
 * `views` is the auction after the batch (read once, shared by the batch's answers); null if
 * re-reading it failed after commit, or when the bid is an earlier one answered again (the retry
 * of a committed bid: see StoredKeys).
 */
export interface BidOutcome {
  bid: WrittenBid;
  views: AuctionViews | null;
}

export interface BuyNowOutcome {
  auction: Auction | null;
}

/** A bid taken back (a retraction, an operator's cancel): the auction after the reprice (null if re-reading it failed). */
export interface CorrectionOutcome {
  auction: Auction | null;
}

/**
 * A maximum set or withdrawn (R-MAX-BID): the auction after the batch, whether the member
 * holds the price then, and `tiedEarlier` when an earlier equal maximum kept the lead.
 */
export interface MaxBidOutcome {
  views: AuctionViews | null;
  leading: boolean;
  tiedEarlier: boolean;
}

interface Pending<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** A member's request: `monotonicNow()` when it reached the process (its deadline counts from there). */
interface Arrived {
  arrivedAt: number;
}

export type QueueItem =
  | ({ kind: 'bid'; bidderId: string; amountFils: number; idempotencyKey?: string } & Arrived & Pending<BidOutcome>)
  | ({ kind: 'max'; userId: string; amountFils: number } & Arrived & Pending<MaxBidOutcome>)
  | ({ kind: 'withdraw'; userId: string } & Arrived & Pending<MaxBidOutcome>)
  | ({ kind: 'buy'; buyerId: string; buyerName: string; expectedFils?: number } & Arrived & Pending<BuyNowOutcome>)
  // A member takes their own bid back (R-BID-RETRACT).
  | ({ kind: 'retract'; memberId: string; bidId: string; reason: BidRetractionReason } & Arrived &
      Pending<CorrectionOutcome>)
  // Operator work, never refused by admission control: the reprice after a member's removal
  // (R-MAX-BID-REMOVAL), an operator's cancel of one bid (R-BID-OPERATOR-CANCEL).
  | ({ kind: 'reprice'; memberId: string } & Pending<void>)
  | ({ kind: 'cancel'; operatorId: string; bidId: string; reason: string } & Pending<CorrectionOutcome>);

/** An item as its caller asks for it, before the queue gives it its answer's callbacks. */
export type QueueRequest = QueueItem extends infer I
  ? I extends QueueItem
    ? Omit<I, 'resolve' | 'reject'>
    : never
  : never;

export type BidItem = Extract<QueueItem, { kind: 'bid' }>;
export type BuyNowItem = Extract<QueueItem, { kind: 'buy' }>;
/** What takes bids away and reprices the auction (CorrectionTurn). */
export type CorrectionItem = Extract<QueueItem, { kind: 'reprice' | 'retract' | 'cancel' }>;
/** What runs alone, between batches: a buy-now, or a correction. */
export type SoloItem = BuyNowItem | CorrectionItem;
/** What a bid batch holds: manual bids, maximums and withdrawals, judged together in order. */
export type BatchItem = Exclude<QueueItem, SoloItem>;
export type MaxBidItem = Extract<QueueItem, { kind: 'max' | 'withdraw' }>;
/** An operator's work (never refused by admission control). */
type OperatorItem = Extract<QueueItem, { kind: 'reprice' | 'cancel' }>;
/** A member's request (admission control's). */
export type MemberItem = Exclude<QueueItem, OperatorItem>;

// A bid is told apart with one comparison: it is by far the most frequent item.
export const isSolo = (item: QueueItem): item is SoloItem =>
  item.kind !== 'bid' && item.kind !== 'max' && item.kind !== 'withdraw';
export const isOperatorWork = (item: QueueItem): item is OperatorItem =>
  item.kind === 'reprice' || item.kind === 'cancel';

/** Takes the next batch off the front of a queue's `items`: its bids, maximums and withdrawals, up to MAX_BATCH. */
export function takeBatch(items: QueueItem[]): BatchItem[] {
  let n = 0;
  while (n < items.length && n < MAX_BATCH && !isSolo(items[n])) n++;
  return items.splice(0, n) as BatchItem[];
}

/** The member whose request `item` is. */
export function memberOf(item: MemberItem): string {
  switch (item.kind) {
    case 'bid':
      return item.bidderId;
    case 'buy':
      return item.buyerId;
    case 'retract':
      return item.memberId;
    default:
      return item.userId;
  }
}

/** A refused item's answer; the code's status comes from contracts' ERRORS table. */
export const bidError = (code: ErrorCode) => (code === 'AUCTION_BUSY' ? auctionBusy() : new AppException(code));
