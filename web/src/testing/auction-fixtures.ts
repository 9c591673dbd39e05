/** Auction and bid test data shared by every feature's tests (not bundled: only tests import it). */
import {
  AuctionStatus,
  LIVE_VIEW_BIDS,
  type Auction,
  type AuctionList,
  type Bid,
  type LiveAuction,
} from '@mazad/contracts';

let seq = 0;

export function makeBid(overrides: Partial<Bid> = {}): Bid {
  seq += 1;
  const id = overrides._id ?? `bid-${seq}`;
  return {
    _id: id,
    id,
    amount: 100,
    bidder: { _id: 'bidder-000001', id: 'bidder-000001', name: 'محمد أحمد' },
    createdAt: '2025-06-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeAuction(overrides: Partial<Auction> = {}): Auction {
  const id = overrides._id ?? 'auction-0000000001';
  return {
    _id: id,
    id,
    title: 'ساعة يد كلاسيكية',
    description: 'ساعة بحالة ممتازة',
    category: 'إكسسوارات',
    status: AuctionStatus.Active,
    images: [],
    imageUrl: null,
    startingPrice: 50,
    currentPrice: 120.5,
    buyNowPrice: null,
    hasBuyNow: false,
    auctionDuration: '24h',
    startTime: '2025-06-01T00:00:00.000Z',
    endTime: '2099-01-01T00:00:00.000Z',
    createdAt: '2025-06-01T00:00:00.000Z',
    updatedAt: '2025-06-01T00:00:00.000Z',
    seller: { _id: 'seller-0000000001', id: 'seller-0000000001', name: 'خالد سمير', location: 'إربد' },
    winner: null,
    bids: [],
    bidCount: 0,
    isDealConfirmed: false,
    dealConfirmedAt: null,
    hasBeenEdited: false,
    isRatedBySeller: false,
    viewCount: 0,
    watchCount: 0,
    serverTime: '2025-06-01T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * The `new_bid` live view of an auction as the server cuts it (contracts `LiveAuction`): its live
 * fields, its last three bids newest first, `seq` = bid count.
 */
export function makeLiveView(auction: Auction, overrides: Partial<LiveAuction> = {}): LiveAuction {
  const { _id, currentPrice, bidCount, endTime, status, winner, bids } = auction;
  return {
    _id,
    currentPrice,
    bidCount,
    endTime,
    status,
    winner,
    lastBids: bids.slice(-LIVE_VIEW_BIDS).reverse(),
    seq: bidCount,
    ...overrides,
  };
}

export function makeList(auctions: Auction[], pagination: Partial<AuctionList['pagination']> = {}): AuctionList {
  return {
    auctions,
    pagination: {
      page: 1,
      limit: 50,
      total: auctions.length,
      totalPages: 1,
      hasNext: false,
      hasPrev: false,
      ...pagination,
    },
    serverTime: '2025-06-01T00:00:00.000Z',
  };
}
