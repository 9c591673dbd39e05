/** Auctions: the auction as the API sends it (with its bids), lists, creation, edits and images. */
import type { AuctionSort, TimeFilter } from '../durations';
import type { AuctionStatus } from '../auction-status';
import type { Pagination, PartyRef } from './common';

export interface Bid {
  _id: string;
  id: string;
  amount: number;
  bidder: PartyRef;
  createdAt: string;
  isCancelled?: boolean;
  /** Placed by the engine for the bidder's maximum (R-MAX-BID); the maximum itself is never sent. */
  isAutomatic?: boolean;
}

export interface Auction {
  _id: string;
  id: string;
  title: string;
  description: string;
  category: string;
  status: AuctionStatus;
  images: string[];
  imageUrl: string | null;
  startingPrice: number;
  currentPrice: number;
  buyNowPrice: number | null;
  hasBuyNow: boolean;
  auctionDuration: string;
  startTime: string;
  endTime: string;
  createdAt: string;
  updatedAt: string;
  seller: PartyRef & { location: string };
  winner: PartyRef | null;
  bids: Bid[];
  bidCount: number;
  isDealConfirmed: boolean;
  dealConfirmedAt: string | null;
  hasBeenEdited: boolean;
  isRatedBySeller: boolean;
  viewCount: number;
  /** How many members watch the auction (saved it, or bid on it): docs/auctions.md, "Watchlist". */
  watchCount: number;
  /**
   * Whether the signed-in viewer watches it: only in answers to one member (GET /api/auctions/{id}
   * with a token, the watchlist, bid and buy-now answers); absent from lists and socket messages,
   * which every viewer shares.
   */
  watchedByMe?: boolean;
  serverTime: string;
}

export interface AuctionList {
  auctions: Auction[];
  pagination: Pagination;
  serverTime: string;
}

export interface SiteStats {
  totalAuctions: number;
  activeAuctions: number;
  soldAuctions: number;
  totalBids: number;
}

/** POST /api/auctions (multipart; files in the repeated field `images`, 1–3). Prices in JOD. */
export interface CreateAuctionRequest {
  title: string;
  description: string;
  category: string;
  auctionDuration: string;
  startingPrice: number;
  buyNowPrice?: number | null;
}

/**
 * PUT /api/auctions/{id} (JSON). `images` are URLs: the auction's current ones and/or new ones
 * from POST /api/upload/images (1–3); omitted or empty keeps the current images.
 */
export interface UpdateAuctionRequest extends CreateAuctionRequest {
  images?: string[];
}

/** Answer of PUT /api/auctions/{id}. */
export interface AuctionMutationResult {
  success: true;
  message: string;
  auction: Auction;
}

/** POST /api/upload/images (multipart field `image`). */
export interface UploadImageResult {
  success: true;
  message: string;
  /** Relative URL such as `/uploads/<random>.webp`, to send back in `images` of an edit. */
  imageUrl: string;
}

/** GET /api/auctions/user/{id} and /user/{id}/won. */
export interface UserAuctionsResult {
  success: true;
  auctions: Auction[];
}

/** An auction the member bid on, with that member's highest amount (JOD) and number of bids. */
export interface UserBidAuction extends Auction {
  highestBid: number;
  userBidCount: number;
}

/** GET /api/auctions/user/{id}/bids. */
export interface UserBidAuctionsResult {
  success: true;
  auctions: UserBidAuction[];
}

/** Query of GET /api/auctions (every parameter optional; `الكل` or "" for every category). */
export interface AuctionListQuery {
  category?: string;
  search?: string;
  page?: number;
  limit?: number;
  userId?: string;
  timeFilter?: TimeFilter;
  /** An Arabic status value; `active` is accepted as نشط. */
  status?: string;
  /** The order of the list (default `ending`); a search without `sort` is ranked by relevance. */
  sort?: AuctionSort;
  /** Current price range in JOD, both ends included. */
  minPrice?: number;
  maxPrice?: number;
}

/** Query of GET /api/auctions/search-hints: the search that found nothing, and its category if any. */
export interface SearchHintsQuery {
  search: string;
  category?: string;
}

/**
 * Another search offered when one finds nothing, with how many listed auctions it finds (at most
 * SEARCH_HINT_TOTAL_MAX, which means that many or more; as `allCategoriesTotal`).
 */
export interface SearchSuggestion {
  search: string;
  total: number;
}

/** GET /api/auctions/search-hints: what an empty search result can offer instead. */
export interface SearchHints {
  /**
   * Other spellings (hamza and look-alike letters, without «ال») and the search with a word
   * left out, in that order, each only when it finds listed auctions in the same category; at
   * most SEARCH_SUGGESTIONS_MAX.
   */
  suggestions: SearchSuggestion[];
  /** How many listed auctions the same search finds in every category; null without a category. */
  allCategoriesTotal: number | null;
}

/** Query of GET /api/auctions/user/{id}. */
export interface UserAuctionsQuery {
  status?: string;
}
