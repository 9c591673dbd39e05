import { Auction, Bid, filsToJod, LIVE_VIEW_BIDS, LiveAuction } from '@mazad/contracts';
import type { BidEntity } from '../bids/entities/bid.entity';
import type { AuctionEntity } from './entities/auction.entity';

/** Name shown when a bidder's or party's account no longer exists. */
const UNKNOWN_USER = 'مستخدم';

type BidFields = Pick<BidEntity, 'id' | 'bidderId' | 'amountFils' | 'createdAt'> & {
  isCancelled?: boolean;
  isAutomatic?: boolean;
};

export function toBid(bid: BidFields, bidderName = (bid as BidEntity).bidder?.name): Bid {
  return {
    _id: bid.id,
    id: bid.id,
    amount: filsToJod(bid.amountFils),
    bidder: { _id: bid.bidderId, id: bid.bidderId, name: bidderName ?? UNKNOWN_USER },
    createdAt: bid.createdAt.toISOString(),
    isCancelled: bid.isCancelled ?? false,
    isAutomatic: bid.isAutomatic ?? false,
  };
}

/** An auction's watchers as the read model counts them; `mine` only when the answer is for one viewer. */
export interface WatchFacts {
  count: number;
  mine?: boolean;
}

/**
 * The public auction object. `bids` must be given oldest first (newest last, as clients of
 * the public API read them: R-API-CONTRACT); `bidCount` is the total even when only the latest bids are loaded.
 */
export function toAuction(
  a: AuctionEntity,
  bids: BidEntity[],
  watch: WatchFacts,
  serverTime: Date = new Date(),
): Auction {
  const images = a.images ?? [];
  return {
    _id: a.id,
    id: a.id,
    title: a.title,
    description: a.description,
    category: a.category,
    status: a.status,
    images,
    imageUrl: images[0] ?? null,
    startingPrice: filsToJod(a.startingPriceFils),
    currentPrice: filsToJod(a.currentPriceFils),
    buyNowPrice: a.buyNowPriceFils == null ? null : filsToJod(a.buyNowPriceFils),
    hasBuyNow: a.buyNowPriceFils != null && a.buyNowPriceFils > 0,
    auctionDuration: a.auctionDuration,
    startTime: a.startTime.toISOString(),
    endTime: a.endTime.toISOString(),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    seller: {
      _id: a.sellerId,
      id: a.sellerId,
      name: a.seller?.name ?? UNKNOWN_USER,
      location: a.seller?.location ?? '',
    },
    winner: a.winnerId ? { _id: a.winnerId, id: a.winnerId, name: a.winner?.name ?? UNKNOWN_USER } : null,
    bids: bids.map((bid) => toBid(bid)),
    bidCount: a.bidCount,
    isDealConfirmed: a.isDealConfirmed,
    dealConfirmedAt: a.dealConfirmedAt?.toISOString() ?? null,
    hasBeenEdited: a.hasBeenEdited,
    isRatedBySeller: a.isRatedBySeller,
    viewCount: a.viewCount,
    watchCount: watch.count,
    ...(watch.mine === undefined ? {} : { watchedByMe: watch.mine }),
    serverTime: serverTime.toISOString(),
  };
}

/**
 * The slim live view of `new_bid` (contracts `LiveAuction`), cut from an auction object the bid
 * path already read after its commit: no read of its own. `auction.bids` is oldest first and
 * holds the latest bids, so its tail is the live view's `lastBids` (turned newest first).
 */
export function toLiveAuction(auction: Auction): LiveAuction {
  return {
    _id: auction._id,
    currentPrice: auction.currentPrice,
    bidCount: auction.bidCount,
    endTime: auction.endTime,
    status: auction.status,
    winner: auction.winner,
    lastBids: auction.bids.slice(-LIVE_VIEW_BIDS).reverse(),
    seq: auction.bidCount,
  };
}
