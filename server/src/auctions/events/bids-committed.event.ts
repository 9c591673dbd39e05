import type { Auction } from '@mazad/contracts';

/** One bid of a committed turn. */
export interface CommittedBid {
  bidId: string;
  bidderId: string;
  amountFils: number;
  /** The member who led before this bid (now outbid), if any and if someone else. */
  outbidUserId: string | null;
  /** When the database stored the bid. */
  createdAt: Date;
  /** Placed by the engine for the bidder's maximum (R-MAX-BID); the maximum itself is never carried. */
  automatic: boolean;
}

/**
 * The bids one turn of the bid engine committed together (a batch, or the automatic answers of a
 * correction), in commit order: one event per commit, however many bids it holds.
 */
export class BidsCommittedEvent {
  readonly auctionId: string;
  /** Never empty. */
  readonly bids: readonly CommittedBid[];
  /** `performance.now()` of the publishing process when the commit returned (commit-to-broadcast latency). */
  readonly committedAt: number;
  /** The auction as it stands after the commit, when the publisher read it. */
  readonly auction?: Auction;

  constructor(committed: { auctionId: string; bids: readonly CommittedBid[]; committedAt: number; auction?: Auction }) {
    this.auctionId = committed.auctionId;
    this.bids = committed.bids;
    this.committedAt = committed.committedAt;
    this.auction = committed.auction;
  }
}
