import { AuctionStatus, blockedRefusal, buyNowRefusal, closedReason } from '@mazad/contracts';
import { AuctionEndedEvent } from '../../auctions/events/auction-ended.event';
import { AuctionSoldEvent } from '../../auctions/events/auction-sold.event';
import type { AuctionBidState, BidWriter } from './bid-writer';
import { ruleNow } from './clock';
import type { CommitOrder, PostCommit } from './post-commit';
import { bidError, type BuyNowItem } from './queue-items';
import { retryOnConflict } from './retry-on-conflict';

/**
 * A buy-now's turn, alone between batches (R-BUY-NOW, R-BLOCK): judged by the database clock, then ONE
 * statement cancels every bid and ends the auction sold (BidWriter.buyNow); after the commit
 * the auction is read back, AuctionSoldEvent and AuctionEndedEvent are published, the buyer answered.
 */
export class BuyNowTurn {
  constructor(
    private readonly writer: BidWriter,
    private readonly post: PostCommit,
  ) {}

  /** Returns the auction after the turn (null: unknown). */
  take(
    auctionId: string,
    order: CommitOrder,
    initial: AuctionBidState | null,
    item: BuyNowItem,
  ): Promise<AuctionBidState | null> {
    return retryOnConflict({
      initial,
      reload: () => this.writer.loadState(auctionId),
      giveUp: () => item.reject(bidError('AUCTION_BUSY')),
      attempt: async (state) => {
        const now = ruleNow(state);
        // A member the seller blocked is told so on an open auction only (R-BLOCK).
        const refusal =
          closedReason(state, now) ??
          blockedRefusal(state, item.buyerId) ??
          buyNowRefusal(state, item.buyerId, now, item.expectedFils);
        if (refusal) {
          item.reject(bidError(refusal));
          return { done: state };
        }
        const done = await this.writer.buyNow(auctionId, item.buyerId, state!, item.expectedFils);
        if (!done) return 'conflict';
        this.post.schedule(order, async () => {
          const auction = await this.post.readAuction(auctionId);
          this.post.publish(new AuctionSoldEvent(auctionId, item.buyerId, item.buyerName, auction ?? undefined));
          this.post.publish(
            new AuctionEndedEvent(auctionId, AuctionStatus.Sold, item.buyerId, done.endedAt, auction ?? undefined),
          );
          item.resolve({ auction });
        });
        return { done: { ...state!, status: AuctionStatus.Sold } };
      },
    });
  }
}
