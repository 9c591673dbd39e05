/** Shapes of the public API (specification section 7). Ids are UUID strings as `_id` and `id`. */
import type { AuctionStatus } from './auction-status';

export interface PublicUser {
  _id: string;
  id: string;
  name: string;
  location: string;
  profileImage: string | null;
  createdAt: string;
}

/** The signed-in user's own view (and admins'): adds contact details and flags. */
export interface User extends PublicUser {
  email: string;
  phone: string;
  isVerified: boolean;
  isAdmin: boolean;
}

export interface AuthSuccess {
  success: true;
  message: string;
  token: string;
  user: User;
}

export interface VerificationRequired {
  success: false;
  requiresVerification: true;
  message: string;
  userData: { userId: string; email: string; name: string; question: string };
}

export interface Challenge {
  challengeId: string;
  question: string;
}

export interface ForgotPasswordResult {
  success: true;
  message: string;
  userId: string;
  verificationQuestion: string;
}

export interface AvailableServices {
  success: true;
  services: { email: boolean; telegram: boolean };
}

export interface PartyRef {
  _id: string;
  id: string;
  name: string;
}

export interface Bid {
  _id: string;
  id: string;
  amount: number;
  bidder: PartyRef;
  createdAt: string;
  isCancelled?: boolean;
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
  serverTime: string;
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasNext: boolean;
  hasPrev: boolean;
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

export interface RatingStats {
  averageRating: number;
  validRatings: number;
}

export interface ServerTime {
  serverTime: string;
  epochMs: number;
}
