import type { Logger } from '@nestjs/common';
import type { EventBus, IEvent } from '@nestjs/cqrs';
import type { Auction } from '@mazad/contracts';
import { type AuctionReadModel, BIDS_IN_LIVE_VIEW } from '../../auctions';
import { BidsCommittedEvent, type CommittedBid } from '../../auctions/events/bids-committed.event';
import type { WrittenBid } from './bid-writer';

/** A queue's post-commit work: it runs in commit order, beside the next write. */
export interface CommitOrder {
  tail: Promise<void>;
}

/** What a turn does once its write committed: read the auction back, answer, publish. */
export class PostCommit {
  constructor(
    private readonly readModel: AuctionReadModel,
    private readonly events: EventBus,
    private readonly logger: Logger,
  ) {}

  /** Runs `work` after the queue's earlier post-commit work; its failure is logged, never thrown. */
  schedule(order: CommitOrder, work: () => Promise<void>): void {
    order.tail = order.tail.then(work).catch((err) => this.logger.error({ err }, 'Post-commit work failed'));
  }

  /** The committed write stands even if this read fails; callers then re-read on their own. */
  async readAuction(auctionId: string): Promise<Auction | null> {
    try {
      return await this.readModel.findOne(auctionId, BIDS_IN_LIVE_VIEW);
    } catch (err) {
      this.logger.error({ err, auctionId }, 'Could not read the auction after a committed bid');
      return null;
    }
  }

  publish(event: IEvent): void {
    this.events.publish(event);
  }

  /** One BidsCommittedEvent for the bids a turn wrote (none: nothing), each naming the leader it displaced. */
  publishCommitted(
    auctionId: string,
    bids: WrittenBid[],
    leaderBefore: string | null,
    committedAt: number,
    auction: Auction | null,
  ): void {
    if (bids.length === 0) return;
    let leader = leaderBefore;
    const committed = bids.map((bid): CommittedBid => {
      const outbidUserId = leader && leader !== bid.bidderId ? leader : null;
      leader = bid.bidderId;
      const { id: bidId, bidderId, amountFils, createdAt, automatic } = bid;
      return { bidId, bidderId, amountFils, outbidUserId, createdAt, automatic };
    });
    this.events.publish(
      new BidsCommittedEvent({ auctionId, bids: committed, committedAt, auction: auction ?? undefined }),
    );
  }
}
