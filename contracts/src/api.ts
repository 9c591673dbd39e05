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

/**
 * A fresh token: a password change retires every older token of the account. A new email is
 * not applied yet: a code was sent to it (`pendingEmail`); POST /api/users/confirm-email-change
 * with that code makes the change.
 */
export interface ChangeCredentialsResult {
  success: true;
  message: string;
  token: string;
  user: User;
  /** Set when a new email awaits its confirmation code. */
  pendingEmail?: string;
}

/** POST /api/users/confirm-email-change: the 6-digit code sent to the new email. */
export interface ConfirmEmailChangeRequest {
  code: string;
}

export interface ConfirmEmailChangeResult {
  success: true;
  message: string;
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

/** Answer of POST /api/auctions/{id}/bid, and the acknowledgement of the socket event `place_bid`. */
export interface PlaceBidResult {
  success: true;
  message: string;
  auction: Auction;
  bid: Bid;
}

/** Answer of POST /api/auctions/{id}/buy-now, and the acknowledgement of the socket event `buy_now`. */
export interface BuyNowResult {
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

/* ---------- After the sale: messages, deal confirmation, ratings, profile stats ---------- */

/** A chat participant as the conversation list shows them. */
export interface ChatParticipant {
  _id: string;
  id: string;
  name: string;
  profileImage: string | null;
  /** Which side of the sale this member is on. */
  role: 'seller' | 'winner';
}

/** One chat message. Content is plain text (render it as text, never as HTML). */
export interface ChatMessage {
  _id: string;
  id: string;
  content: string;
  sender: PartyRef;
  receiver: PartyRef;
  createdAt: string;
  isRead: boolean;
  readAt: string | null;
  /** The auction id (the conversation). */
  auction: string;
  auctionId: string;
}

/** POST /api/messages. `content` is trimmed; 1–2000 characters. */
export interface SendMessageRequest {
  auctionId: string;
  receiverId: string;
  content: string;
}

/** Answer of POST /api/messages (201). `message` is the stored message object. */
export interface SendMessageResult {
  success: true;
  message: ChatMessage;
}

/** GET /api/messages/auction/{auctionId}: oldest first; the caller's incoming ones are now read. */
/**
 * One page of GET /api/messages/auction/{id}: pages run from the newest message backwards
 * (`?before=<nextCursor>` for older ones); `?after=<latestCursor>` answers only newer messages
 * (for polling). Each page lists its messages oldest first, as the whole thread used to be.
 */
export interface ConversationMessagesResult {
  success: true;
  messages: ChatMessage[];
  /** More messages beyond this page (older ones; with `after`, newer ones). */
  hasMore: boolean;
  /** Pass as `before` for the previous (older) page; null when there is none. */
  nextCursor: string | null;
  /** Pass as `after` to poll for what is new (the newest message seen; null in an empty thread). */
  latestCursor: string | null;
}

/** Query of GET /api/messages/auction/{id}. */
export interface ConversationPageQuery {
  limit?: number;
  before?: string;
  after?: string;
}

export interface ConversationAuction {
  _id: string;
  id: string;
  title: string;
  status: AuctionStatus;
  images: string[];
  imageUrl: string | null;
  currentPrice: number;
  isDealConfirmed: boolean;
  dealConfirmedAt: string | null;
  isRatedBySeller: boolean;
  seller: PartyRef;
  winner: PartyRef;
}

export interface ConversationLastMessage {
  content: string;
  createdAt: string;
  sender: PartyRef;
}

/**
 * One conversation per sold auction the caller sold or won. `_id` is the auction id.
 * `lastMessage` is null until someone writes.
 */
export interface Conversation {
  _id: string;
  id: string;
  auction: ConversationAuction;
  /** The seller, then the winner. */
  participants: ChatParticipant[];
  otherParticipant: ChatParticipant;
  lastMessage: ConversationLastMessage | null;
  unreadCount: number;
}

/** GET /api/messages/conversations: latest activity first. */
export interface ConversationsResult {
  success: true;
  conversations: Conversation[];
}

/** GET /api/messages/unread-count: messages to the caller not read yet. */
export interface UnreadCountResult {
  success: true;
  count: number;
}

/** Socket `message_read` (to the sender's `user:<id>` room). */
export interface MessageReadPayload {
  auctionId: string;
  readerId: string;
  messageIds: string[];
  readAt: string;
}

/** Answer of PATCH/PUT /api/auctions/{id}/confirm-deal. */
export type ConfirmDealResult = AuctionMutationResult;

/** The rated side: the winner rates the seller (`seller`). */
export type RatingRole = 'seller' | 'buyer';

/** POST /api/users/{sellerId}/rate. `role` is the rated side and defaults to `seller`. */
export interface RateSellerRequest {
  auctionId: string;
  role?: 'seller';
  stars: number;
  comment?: string;
}

export interface Rating {
  _id: string;
  id: string;
  from: { _id: string; id: string; name: string; avatar: string | null };
  to: { _id: string; id: string };
  stars: number;
  comment: string | null;
  role: RatingRole;
  auction: { _id: string; id: string; title: string };
  createdAt: string;
}

/** Answer of POST /api/users/{sellerId}/rate (201). */
export interface RateSellerResult {
  success: true;
  message: string;
  rating: Rating;
}

/** GET /api/users/{id}/ratings: ratings the member received, newest first. */
export interface RatingsResult {
  success: true;
  ratings: Rating[];
}

/** GET /api/users/{id}/stats (deleted auctions never count). */
export interface UserStats {
  totalAuctions: number;
  activeAuctions: number;
  soldAuctions: number;
  unsoldAuctions: number;
  /** Bids the member placed. */
  totalBids: number;
  wonAuctions: number;
}

export interface UserStatsResult extends UserStats {
  success: true;
}

/* ---------- Archive, site content and the admin API ---------- */

/** A message as the archive keeps it. */
export interface ArchivedMessage {
  _id: string;
  id: string;
  sender: PartyRef;
  receiver: PartyRef;
  content: string;
  timestamp: string;
}

/** A rating as the archive keeps it. `role` is the rated side (`seller` when the winner rated the seller). */
export interface ArchivedRating {
  _id: string;
  id: string;
  from: PartyRef;
  to: PartyRef;
  role: RatingRole;
  stars: number;
  comment: string | null;
  createdAt: string;
}

/**
 * A finished auction that left the live lists (unsold 15 minutes, sold 24 hours after its
 * end). `_id` is the auction's id: the archive keeps the auction itself, with its bids,
 * messages and ratings.
 */
export interface ArchivedAuction {
  _id: string;
  id: string;
  auctionId: string;
  title: string;
  description: string;
  status: AuctionStatus;
  category: string;
  images: string[];
  startingPrice: number;
  finalPrice: number;
  totalBids: number;
  viewCount: number;
  endedAt: string | null;
  archivedAt: string;
  createdAt: string;
  seller: PartyRef;
  winner: PartyRef | null;
  messages: ArchivedMessage[];
  messageCount: number;
  ratings: ArchivedRating[];
  isDealConfirmed: boolean;
  dealConfirmedAt: string | null;
}

/** GET /api/users/{id}/archived-auctions and /won-archived-auctions: most recently archived first. */
export interface ArchivedAuctionsResult {
  success: true;
  archivedAuctions: ArchivedAuction[];
  /** Every matching archived auction; the answer carries one page (`page`, `limit`). */
  total: number;
  page: number;
  limit: number;
}

export interface ArchiveStats {
  /** The member's archived auctions as seller (sold + unsold). */
  totalArchived: number;
  soldArchived: number;
  unsoldArchived: number;
  /** Archived auctions the member won. */
  wonArchived: number;
}

/** GET /api/users/{userId}/archive-stats. */
export interface ArchiveStatsResult extends ArchiveStats {
  success: true;
}

/** PATCH /api/users/{userId}/confirm-archived-deal/{archivedId}. */
export interface ConfirmArchivedDealResult {
  success: true;
  message: string;
  /** False when the deal had already been confirmed (nothing changed). */
  changed: boolean;
  archivedAuction: ArchivedAuction;
}

/** GET /api/banners/admin: every banner, in display order. */
export interface AdminBannersResult {
  success: true;
  data: Banner[];
}

/** POST /api/banners and PUT /api/banners/{id}. */
export interface BannerMutationResult {
  success: true;
  message: string;
  data: Banner;
}

export interface SiteBanner {
  title: string;
  subtitle: string;
  description: string;
}

export interface SiteFeature {
  _id: string;
  id: string;
  icon: string;
  title: string;
  description: string;
  order: number;
}

/** GET /api/site-content: the home page's main banner and feature cards. */
export interface SiteContentResult {
  success: true;
  banner: SiteBanner;
  features: SiteFeature[];
}

export interface SiteBannerResult {
  success: true;
  message: string;
  banner: SiteBanner;
}

export interface SiteFeatureResult {
  success: true;
  message: string;
  feature: SiteFeature;
}

export interface AnnouncementSchedule {
  date: string;
  startTime: string;
  endTime: string;
  details: string;
}

export interface AnnouncementContent {
  _id: string;
  id: string;
  title: string;
  description: string;
  images: string[];
  scheduleInfo: AnnouncementSchedule;
  additionalInfo: string;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/announcement-content: `data` is null until an admin saves one. */
export interface AnnouncementResult {
  success: true;
  data: AnnouncementContent | null;
}

/** PUT /api/announcement-content. */
export interface AnnouncementUpdateRequest {
  title: string;
  description?: string;
  images?: string[];
  scheduleInfo?: Partial<AnnouncementSchedule>;
  additionalInfo?: string;
  isActive?: boolean;
}

export interface AnnouncementUpdateResult {
  success: true;
  message: string;
  data: AnnouncementContent;
}

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

/**
 * GET /api/settings (public): the deployment's configurable numbers, so the web app never
 * hard-codes them. Durations are the `auctionDuration` values the server accepts, in order.
 */
export interface SiteSettings {
  auctionDurations: string[];
  /** Anti-sniping: an accepted bid moves the end to at least bid time + this many seconds. */
  bidExtensionSeconds: number;
  archiveUnsoldAfterSeconds: number;
  archiveSoldAfterSeconds: number;
  /** Operator contact details shown on the static pages (empty strings when not configured). */
  contact: { phone: string; email: string };
}

export type SiteSettingsResult = SiteSettings & { success: true };

/** `subject` values of the contact form (`POST /api/contact`). */
export const CONTACT_SUBJECTS = ['support', 'bug', 'suggestion', 'complaint', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/** Arabic labels of the subjects (the form's options). */
export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  support: 'الدعم الفني',
  bug: 'الإبلاغ عن مشكلة',
  suggestion: 'اقتراح',
  complaint: 'شكوى',
  other: 'أخرى',
};

/** Lengths of the contact form's fields (the database columns follow them). */
export const CONTACT_LIMITS = { nameMax: 100, emailMax: 254, messageMin: 10, messageMax: 2000 } as const;

/** POST /api/contact (no login needed). */
export interface ContactRequest {
  name: string;
  email: string;
  subject: ContactSubject;
  message: string;
}

/** A message of the contact inbox (GET /api/admin/contact-messages). */
export interface ContactMessage {
  _id: string;
  id: string;
  name: string;
  email: string;
  subject: ContactSubject;
  message: string;
  handled: boolean;
  createdAt: string;
}

export interface ContactMessagesResult {
  success: true;
  messages: ContactMessage[];
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
