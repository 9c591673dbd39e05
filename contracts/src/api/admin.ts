/** The admin console's statistics and lists. */
import type { ChatMessage } from './messages';
import type { AuctionStatus } from '../auction-status';
import type { Bid } from './auctions';
import type { PartyRef } from './common';

/** GET /api/admin/stats. Deleted auctions and deleted members never count; archived ones do. */
export interface AdminStats {
  totalUsers: number;
  totalAuctions: number;
  activeAuctions: number;
  soldAuctions: number;
  totalBids: number;
  /** JOD: the final prices of sold auctions. */
  totalRevenue: number;
}

export interface AdminStatsResult extends AdminStats {
  success: true;
}

export interface AdminUserRow {
  _id: string;
  id: string;
  name: string;
  location: string;
  email: string;
  phone: string;
  profileImage: string | null;
  totalAuctions: number;
  totalBids: number;
  isVerified: boolean;
  isAdmin: boolean;
  registrationSource: string;
  createdAt: string;
}

/** GET /api/admin/users: one page, with the total for the console. */
export interface AdminUsersResult {
  success: true;
  users: AdminUserRow[];
  total: number;
  page: number;
  limit: number;
}

export interface AdminAuctionRow {
  _id: string;
  id: string;
  title: string;
  category: string;
  seller: PartyRef;
  winner: PartyRef | null;
  currentPrice: number;
  bidCount: number;
  /** The latest bids (newest last); `bidCount` is the total. */
  bids: Bid[];
  status: AuctionStatus;
  endTime: string;
  archivedAt: string | null;
  createdAt: string;
}

/** GET /api/admin/auctions: one page, with the total for the console. */
export interface AdminAuctionsResult {
  success: true;
  auctions: AdminAuctionRow[];
  total: number;
  page: number;
  limit: number;
}

/** GET /api/admin/stats/daily?days=30: one row per Asia/Amman day, oldest first. */
export interface DailyStat {
  /** `YYYY-MM-DD` in Asia/Amman. */
  date: string;
  newAuctions: number;
  bids: number;
  sales: number;
  /** JOD. */
  revenue: number;
}

export interface DailyStatsResult {
  success: true;
  days: DailyStat[];
}

/** Paging, sorting and search of the console's lists. */
export interface AdminListQuery {
  q?: string;
  page?: number;
  limit?: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

/** Query of GET /api/admin/users. */
export type AdminUsersQuery = AdminListQuery;

/** Query of GET /api/admin/auctions. */
export interface AdminAuctionsQuery extends AdminListQuery {
  status?: string;
  category?: string;
  sellerId?: string;
}

/** Query of GET /api/admin/stats/daily. */
export interface DailyStatsQuery {
  days?: number;
}

/** PUT /api/admin/users/{id}/password */
export interface SetUserPasswordRequest {
  newPassword: string;
}

/** GET /api/admin/auctions/{id}/messages: the auction's whole conversation, oldest first. */
export interface AdminAuctionMessagesResult {
  success: true;
  messages: ChatMessage[];
}

/**
 * POST /api/admin/load-test/fixtures: verified members marked for load testing (exempt from the
 * request-rate limits) and auctions of one marked seller, on a development or load-test
 * deployment only (docs/adr/0013-load-test-fixtures-through-the-api.md).
 */
export interface LoadTestFixturesRequest {
  /** Bidding members, 1 to 5000. */
  members: number;
  /** Auctions of the load-test seller, 1 to 100 (default 1). */
  auctions?: number;
  /** Starting price of every auction in JOD (default 1). */
  startingPrice?: number;
  /** One of the configured auction durations (default 24h). */
  duration?: string;
}

/** The fixtures k6 and the runner read: who bids, with which token, on which auctions. */
export interface LoadTestFixtures {
  success: true;
  /** The first of `auctionIds` (the storm's hot auction). */
  auctionId: string;
  auctionIds: string[];
  startingPrice: number;
  endTime: string;
  sellerId: string;
  /** Bearer tokens signed by the server (valid for JWT_EXPIRES_IN). */
  members: { id: string; token: string }[];
  createdAt: string;
}

/** DELETE /api/admin/load-test/fixtures: what was removed. */
export interface LoadTestCleanResult {
  success: true;
  removed: { members: number; auctions: number; bids: number };
}
