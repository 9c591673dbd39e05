import { closedReason, judgeBatch } from '@mazad/contracts';
import { auctionViews } from './auction-views';
import type { AuctionBidState, BidWriter } from './bid-writer';
import { monotonicNow, ruleNow } from './clock';
import type { CommitOrder, PostCommit } from './post-commit';
import { type BatchItem, bidError, type BidItem, type MaxBidItem } from './queue-items';
import { retryOnConflict } from './retry-on-conflict';
import type { StoredKeys } from './stored-keys';

/** The unique index that keeps one bid per member, auction and idempotency key (its violation). */
const isIdempotencyKeyReuse = (err: unknown) =>
  (err as { code?: string; constraint?: string }).code === '23505' &&
  (err as { constraint?: string }).constraint === 'bids_idempotency_key_idx';

/**
 * A bid batch's turn: manual bids, new maximums and withdrawals, judged together in arrival
 * order (contracts' judgeBatch, by the database clock), the accepted bids and the maximums they
 * change written by ONE conditional statement (BidWriter.writeBids), then, after the commit, the
 * auction read once and shared by every answer of the batch, and its BidsCommittedEvent.
 */
export class BidBatchTurn {
  constructor(
    private readonly writer: BidWriter,
    private readonly post: PostCommit,
    private readonly storedKeys: StoredKeys,
  ) {}

  /** Takes `taken` (in arrival order) against `initial`; returns the auction after it (null: unknown). */
  take(
    auctionId: string,
    order: CommitOrder,
    initial: AuctionBidState | null,
    taken: BatchItem[],
  ): Promise<AuctionBidState | null> {
    let batch = taken;
    return retryOnConflict({
      initial,
      reload: () => this.writer.loadState(auctionId),
      giveUp: () => {
        for (const item of batch) item.reject(bidError('AUCTION_BUSY'));
      },
      attempt: async (state) => {
        if (batch.length === 0) return { done: state };
        const outcome = await this.judgeAndWrite(auctionId, order, state, batch);
        if (outcome !== 'key reused') return outcome;
        // A key of this batch already placed a bid (a retry for another amount after Redis
        // forgot the key): nothing was written; answer those and judge the others again.
        batch = await this.storedKeys.answer(auctionId, batch);
        return 'again';
      },
    });
  }

  private async judgeAndWrite(
    auctionId: string,
    order: CommitOrder,
    state: AuctionBidState | null,
    batch: BatchItem[],
  ) {
    const closed = closedReason(state, ruleNow(state));
    if (closed) {
      await this.storedKeys.refuse(
        auctionId,
        batch.map((item) => ({ item, code: closed })),
      );
      return { done: state };
    }
    const judged = judgeBatch(state!, batch);
    const refused = judged.refused.map(({ item, code }) => ({ item: batch[item], code }));
    const takenMaxBids = judged.taken.map(({ item, tiedEarlier }) => ({
      item: batch[item] as MaxBidItem,
      tiedEarlier,
    }));
    if (judged.bids.length === 0 && judged.changes.size === 0) {
      // Nothing to write (refusals, a maximum set again, a withdrawal without a maximum).
      await this.storedKeys.refuse(auctionId, refused);
      if (takenMaxBids.length > 0) {
        const auction = await this.post.readAuction(auctionId);
        const views = auction && auctionViews(auction);
        for (const { item } of takenMaxBids)
          item.resolve({ views, leading: state!.leaderId === item.userId, tiedEarlier: false });
      }
      return { done: state };
    }
    const written = await this.writer
      .writeBids(auctionId, state!.currentPriceFils, judged.bids, {
        version: state!.maxBidsVersion,
        changes: [...judged.changes].map(([userId, amountFils]) => ({ userId, amountFils })),
      })
      .catch((err) => {
        if (isIdempotencyKeyReuse(err)) return 'key reused' as const;
        throw err;
      });
    if (written === 'key reused') return written;
    // The auction or its maximums moved (another replica, an edit, the end job): re-read and judge again.
    if (!written) return 'conflict' as const;
    const committedAt = monotonicNow();
    await this.storedKeys.refuse(auctionId, refused);
    const previousLeader = state!.leaderId;
    const { final } = judged;
    this.post.schedule(order, async () => {
      const auction = await this.post.readAuction(auctionId);
      this.post.publishCommitted(auctionId, written.bids, previousLeader, committedAt, auction);
      // Once per batch: every answer below shares these objects (ADR 0015).
      const views = auction && auctionViews(auction);
      written.bids.forEach((bid, i) => {
        const manual = judged.bids[i].item;
        if (manual !== undefined) (batch[manual] as BidItem).resolve({ bid, views });
      });
      for (const { item, tiedEarlier } of takenMaxBids)
        item.resolve({ views, leading: final.leaderId === item.userId, tiedEarlier });
    });
    const next: AuctionBidState = {
      ...state!,
      currentPriceFils: final.priceFils,
      endTime: written.endTime,
      leaderId: final.leaderId,
      maxima: judged.maxima,
      maxBidsVersion: state!.maxBidsVersion + (judged.changes.size > 0 ? 1 : 0),
    };
    return { done: next };
  }
}
