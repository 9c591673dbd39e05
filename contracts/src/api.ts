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

/** `POST /api/auth/register`: the account exists but is not verified yet (no token). */
export interface RegisterResult {
  success: true;
  message: string;
  user: User;
}

/** Answers that only confirm (code sent, password updated, logged out everywhere). */
export interface MessageResult {
  success: true;
  message: string;
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

/** GET /api/users/{id}: public fields for everyone; the owner (and an admin session) get `User`. */
export interface UserResult {
  success: true;
  user: PublicUser | User;
}

/** PUT /api/users/{id} */
export interface UpdateProfileRequest {
  name: string;
  phone: string;
  location: string;
}

export interface UpdateProfileResult {
  success: true;
  message: string;
  user: User;
}

/** PUT /api/users/change-credentials: at least one of a changed email or a new password. */
export interface ChangeCredentialsRequest {
  currentPassword: string;
  email?: string;
  newPassword?: string;
}

/** A fresh token: a password change retires every older token of the account. */
export interface ChangeCredentialsResult {
  success: true;
  message: string;
  token: string;
  user: User;
}

/** PUT /api/users/profile-image (multipart field `profileImage`). */
export interface ProfileImageResult {
  success: true;
  message: string;
  user: User;
  /** Relative URL such as `/uploads/<random>.webp`, served by the API origin. */
  profileImage: string;
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

/** Answer of calls that only report success (DELETE /api/auctions/{id}). */
export interface SuccessResult {
  success: true;
  message: string;
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

export interface Banner {
  _id: string;
  id: string;
  text: string;
  link: string | null;
  isActive: boolean;
  order: number;
  createdAt: string;
}

/** GET /api/banners: the active banners in display order. */
export interface BannersResult {
  success: true;
  banners: Banner[];
}

/** GET /api/users/{id}/rating-stats. */
export interface RatingStatsResult extends RatingStats {
  success: true;
}
