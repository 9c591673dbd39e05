/** The admin console's statistics and lists. */
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
