import type { Auction, LiveAuction } from '@mazad/contracts';
import { toLiveAuction } from '../../auctions';

/**
 * The auction after a committed engine batch in both shapes an answer may carry (ADRs 0015 and
 * 0018): the whole auction, the default, and its live view — what `new_bid` carries, and what
 * the answers of callers that ask `view=live` carry. Built ONCE per batch by the engine (BidBatchTurn) and
 * shared by the batch's answers, so a live answer's serialisers (Fastify or Socket.IO, and the
 * idempotency record) write the small live view instead of the auction with its 20 bids.
 */
export interface AuctionViews {
  full: Auction;
  live: LiveAuction;
}

export const auctionViews = (full: Auction): AuctionViews => ({ full, live: toLiveAuction(full) });
