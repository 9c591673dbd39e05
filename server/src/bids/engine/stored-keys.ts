import type { ErrorCode } from '@mazad/contracts';
import { type BidWriter, keyedBid, type WrittenBid } from './bid-writer';
import { type BatchItem, bidError, type BidItem } from './queue-items';

/**
 * Re-answers by idempotency key (R-IDEMPOTENCY): a key is stored with its bid, so a retry whose
 * first attempt committed is answered with that bid even when the first answer never reached
 * the client (the replica died, the client timed out) and Redis forgot the key's record.
 */
export class StoredKeys {
  constructor(private readonly writer: BidWriter) {}

  /**
   * Answers refused bids. A refused bid that carries an idempotency key may be the retry of a
   * bid already stored under that key — a stored bid is never above the price, so its retry is
   * always refused. Such a retry gets the stored bid, never the refusal.
   */
  async refuse(auctionId: string, refusals: { item: BatchItem; code: ErrorCode }[]): Promise<void> {
    const unanswered = new Set(
      await this.answer(
        auctionId,
        refusals.map((r) => r.item),
      ),
    );
    for (const { item, code } of refusals) if (unanswered.has(item)) item.reject(bidError(code));
  }

  /**
   * Answers the bids of `items` whose idempotency key already placed a bid: with that bid (the
   * same amount again: a retry) or IDEMPOTENCY_CONFLICT (another amount). Returns the others.
   * One lookup; if it fails, the keyed items fail with it (a transient error: clients retry).
   */
  async answer(auctionId: string, items: BatchItem[]): Promise<BatchItem[]> {
    const keyed = items.filter(
      (b): b is BidItem & { idempotencyKey: string } => b.kind === 'bid' && b.idempotencyKey !== undefined,
    );
    if (keyed.length === 0) return items;
    let stored: Map<string, WrittenBid>;
    try {
      stored = await this.writer.findByIdempotencyKeys(auctionId, keyed);
    } catch (err) {
      for (const bid of keyed) bid.reject(err);
      return items.filter((b) => b.kind !== 'bid' || b.idempotencyKey === undefined);
    }
    return items.filter((item) => {
      if (item.kind !== 'bid' || item.idempotencyKey === undefined) return true;
      const earlier = stored.get(keyedBid(item.bidderId, item.idempotencyKey));
      if (!earlier) return true;
      if (earlier.amountFils === item.amountFils) item.resolve({ bid: earlier, views: null });
      else item.reject(bidError('IDEMPOTENCY_CONFLICT'));
      return false;
    });
  }
}
