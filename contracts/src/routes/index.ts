/**
 * Every HTTP call of the public API, by area and operation: `routes.auctions.get`,
 * `routes.bids.place`. Clients build URLs with `path(route, params, query)` and take the body and
 * answer types from `RequestOf` / `ResponseOf` / `QueryOf`. The server's test
 * (server/test/route-table.e2e-spec.ts) checks this table against the routes Nest serves: the
 * same calls, methods and documented error codes.
 *
 * No runtime imports here (types only): k6 loads this file's JavaScript build as a plain ES
 * module (contracts/tsconfig.k6.json).
 */
import type {
  AdminAuctionMessagesResult,
  PushSubscriptionRequest,
  PushSubscriptionResult,
  PushUnsubscribeRequest,
  VapidPublicKeyResult,
  AdminAuctionsQuery,
  AdminAuctionsResult,
  AdminBannersResult,
  AdminLoginRequest,
  AdminSessionRequest,
  AdminStatsResult,
  AdminUsersQuery,
  AuditLogQuery,
  AuditLogResult,
  AdminUsersResult,
  AnnouncementResult,
  AnnouncementUpdateRequest,
  AnnouncementUpdateResult,
  ArchivedAuctionsQuery,
  ArchivedAuctionsResult,
  ArchivePageQuery,
  ArchiveStatsResult,
  Auction,
  AuctionList,
  AuctionListQuery,
  AuctionMutationResult,
  AuthSuccess,
  BidAnswerQuery,
  BlockResult,
  BlocksResult,
  BidCorrectionResult,
  CancelBidBody,
  RetractBidBody,
  AvailableServices,
  BannerCreateRequest,
  BannerMutationResult,
  BannersResult,
  BannerUpdateRequest,
  BuyNowBody,
  BuyNowResult,
  Challenge,
  ChangeCredentialsRequest,
  ChangeCredentialsResult,
  CodeSentResult,
  ConfirmArchivedDealResult,
  ConfirmDealResult,
  ConfirmEmailChangeRequest,
  ConfirmEmailChangeResult,
  ContactMessageMutationResult,
  ContactMessagesQuery,
  ContactMessagesResult,
  ContactRequest,
  ConversationMessagesResult,
  ConversationPageQuery,
  ConversationsResult,
  CreateAuctionRequest,
  CurrentUserResult,
  DailyStatsQuery,
  DailyStatsResult,
  ForgotPasswordRequest,
  ForgotPasswordResult,
  HealthResult,
  LivenessResult,
  LoadTestCleanResult,
  LoadTestFixtures,
  LoadTestFixturesRequest,
  LoginRequest,
  LoginResult,
  MaxBidBody,
  MaxBidResult,
  MessageResult,
  OwnMaxBidResult,
  PlaceBidBody,
  PlaceBidResult,
  ProfileImageResult,
  RateSellerRequest,
  RateSellerResult,
  RatingsResult,
  RatingStatsResult,
  ReadinessResult,
  RegisterRequest,
  RegisterResult,
  ResetPasswordRequest,
  SearchHints,
  SearchHintsQuery,
  SendCodeRequest,
  SendMessageRequest,
  SendMessageResult,
  ServerTime,
  SetUserPasswordRequest,
  SiteBannerRequest,
  SiteBannerResult,
  SiteContentResult,
  SiteFeatureRequest,
  SiteFeatureResult,
  SiteSettingsResult,
  SiteStats,
  SuccessResult,
  UnreadCountResult,
  UpdateAuctionRequest,
  UpdateContactMessageRequest,
  UpdateProfileRequest,
  UpdateProfileResult,
  UploadImageResult,
  UserAuctionsQuery,
  UserAuctionsResult,
  UserBidAuctionsResult,
  UserResult,
  UserStatsResult,
  VerifyAccountRequest,
  VerifyOtpRequest,
  NotificationPreferences,
  NotificationPreferencesResult,
  NotificationsQuery,
  NotificationsReadResult,
  NotificationsResult,
  UnsubscribeResult,
  WatchlistQuery,
  WatchlistResult,
  WatchResult,
  WatchingQuery,
  WatchingResult,
} from '../api';
import type { ErrorCode } from '../errors';
import type { HttpMethod, PathArgs, QueryValue, Route, RouteTypes } from './types';

export type * from './types';

/**
 * Declares a route: `route<{ response: Auction }>()('GET', '/api/auctions/:id', ['AUCTION_NOT_FOUND'])`.
 * Two calls because TypeScript cannot infer the path's literal type while the caller names the
 * others.
 */
export function route<T extends RouteTypes>() {
  return <M extends HttpMethod, P extends `/api/${string}`>(
    method: M,
    template: P,
    errors: readonly ErrorCode[] = [],
  ): Route<M, P, T> => ({ method, path: template, errors });
}

/**
 * The URL of a call: `path(routes.auctions.get, { id })` → `/api/auctions/<id>`. Each parameter is
 * URI-encoded; the query's `undefined`, `null` and `''` values are left out.
 */
export function path<R extends Route>(call: R, ...args: PathArgs<R>): string {
  // Not destructured in the parameter list: k6's older compiler cannot read that.
  const [params, query] = args;
  const filled = call.path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = (params as Record<string, string> | undefined)?.[name];
    // A missing id would call another route (`/api/users/` is not `/api/users/:id`): fail loudly.
    if (typeof value !== 'string' || value === '') throw new Error(`path(): ${call.path} needs "${name}"`);
    return encodeURIComponent(value);
  });
  // By hand rather than URLSearchParams: k6's JavaScript runtime has none.
  const pairs = Object.entries((query ?? {}) as Record<string, QueryValue>)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length ? `${filled}?${pairs.join('&')}` : filled;
}

/** What a signed-in call answers without a usable token. */
const SIGNED_IN = ['UNAUTHORIZED', 'TOKEN_INVALID'] as const satisfies readonly ErrorCode[];
/** What an admin-session call answers to anyone else. */
const ADMIN = [...SIGNED_IN, 'ADMIN_ONLY'] as const satisfies readonly ErrorCode[];
/** Image uploads (multipart). */
const UPLOAD = [
  'IMAGE_INVALID',
  'TOO_MANY_IMAGES',
  'UNKNOWN_FIELD',
  'MULTIPART_INVALID',
  'IMAGE_TOO_LARGE',
  'IMAGE_TOO_MANY_PIXELS',
  'UPLOAD_RATE_LIMITED',
  'UPLOAD_QUOTA_EXCEEDED',
] as const satisfies readonly ErrorCode[];
/** Bids, buy-now and maximums: the auction's state, its queue (busy, the member's pending requests), its lock and the idempotency key. */
const BID_STATE = [
  'VALIDATION_ERROR',
  'UNKNOWN_FIELD',
  'INVALID_ID',
  ...SIGNED_IN,
  'AUCTION_NOT_FOUND',
  'AUCTION_NOT_OPEN',
  'AUCTION_ENDED',
  'AUCTION_BUSY',
  'TOO_MANY_PENDING_BIDS',
  'IDEMPOTENCY_CONFLICT',
] as const satisfies readonly ErrorCode[];
const OTP_SEND = [
  'VALIDATION_ERROR',
  'OTP_COOLDOWN',
  'OTP_SEND_LIMIT',
  'OTP_SEND_FAILED',
] as const satisfies readonly ErrorCode[];
const VERIFY = ['VALIDATION_ERROR', 'OTP_REJECTED', 'RATE_LIMITED'] as const satisfies readonly ErrorCode[];
const CONFIRM_DEAL = [
  'AUCTION_NOT_SOLD',
  'INVALID_ID',
  ...SIGNED_IN,
  'NOT_DEAL_PARTY',
  'AUCTION_NOT_FOUND',
] as const satisfies readonly ErrorCode[];
/** Saving or unsaving an auction (the watchlist). */
const WATCH = [
  ...SIGNED_IN,
  'INVALID_ID',
  'AUCTION_NOT_FOUND',
  'WATCH_RATE_LIMITED',
] as const satisfies readonly ErrorCode[];
/** Blocking or unblocking a member (R-BLOCK). */
const BLOCK = [
  ...SIGNED_IN,
  'INVALID_ID',
  'USER_NOT_FOUND',
  'BLOCK_SELF',
  'BLOCK_RATE_LIMITED',
] as const satisfies readonly ErrorCode[];
/** The member's own notices. */
const NOTIFICATIONS = [...SIGNED_IN, 'NOTIFICATIONS_RATE_LIMITED'] as const satisfies readonly ErrorCode[];
const ARCHIVE = [...SIGNED_IN, 'ARCHIVE_FORBIDDEN', 'INVALID_ID'] as const satisfies readonly ErrorCode[];

export const routes = {
  system: {
    health: route<{ response: HealthResult }>()('GET', '/api/health'),
    live: route<{ response: LivenessResult }>()('GET', '/api/health/live'),
    ready: route<{ response: ReadinessResult }>()('GET', '/api/health/ready'),
    time: route<{ response: ServerTime }>()('GET', '/api/time'),
    settings: route<{ response: SiteSettingsResult }>()('GET', '/api/settings'),
  },
  auth: {
    challenge: route<{ response: Challenge }>()('GET', '/api/auth/challenge'),
    register: route<{ request: RegisterRequest; response: RegisterResult }>()('POST', '/api/auth/register', [
      'VALIDATION_ERROR',
      'UNKNOWN_FIELD',
      'CHALLENGE_INVALID',
      'EMAIL_TAKEN',
      'REGISTER_RATE_LIMITED',
    ]),
    login: route<{ request: LoginRequest; response: LoginResult }>()('POST', '/api/auth/login', [
      'VALIDATION_ERROR',
      'INVALID_CREDENTIALS',
      'LOGIN_RATE_LIMITED',
    ]),
    me: route<{ response: CurrentUserResult }>()('GET', '/api/auth/me', SIGNED_IN),
    verify: route<{ request: VerifyAccountRequest; response: AuthSuccess }>()('POST', '/api/auth/verify', VERIFY),
    forgotPassword: route<{ request: ForgotPasswordRequest; response: ForgotPasswordResult }>()(
      'POST',
      '/api/auth/forgot-password',
      ['VALIDATION_ERROR', 'RESET_RATE_LIMITED'],
    ),
    resetPassword: route<{ request: ResetPasswordRequest; response: MessageResult }>()(
      'POST',
      '/api/auth/reset-password',
      ['VALIDATION_ERROR', 'OTP_INVALID', 'OTP_TOO_MANY_ATTEMPTS', 'OTP_EXPIRED', 'RESET_RATE_LIMITED'],
    ),
    adminLogin: route<{ request: AdminLoginRequest; response: AuthSuccess }>()('POST', '/api/auth/admin-login', [
      'ADMIN_LOGIN_FAILED',
      'ADMIN_LOGIN_DISABLED',
      'LOGIN_RATE_LIMITED',
    ]),
    adminSession: route<{ request: AdminSessionRequest; response: AuthSuccess }>()('POST', '/api/auth/admin-session', [
      ...SIGNED_IN,
      'ADMIN_LOGIN_FAILED',
      'ADMIN_LOGIN_DISABLED',
      'LOGIN_RATE_LIMITED',
    ]),
    logout: route<{ response: MessageResult }>()('POST', '/api/auth/logout', SIGNED_IN),
    logoutAll: route<{ response: MessageResult }>()('POST', '/api/auth/logout-all', SIGNED_IN),
  },
  otp: {
    availableServices: route<{ response: AvailableServices }>()('GET', '/api/otp/available-services'),
    sendEmail: route<{ request: SendCodeRequest; response: CodeSentResult }>()(
      'POST',
      '/api/otp/send-email-otp',
      OTP_SEND,
    ),
    sendTelegram: route<{ request: SendCodeRequest; response: CodeSentResult }>()(
      'POST',
      '/api/otp/send-telegram-otp',
      [...OTP_SEND, 'TELEGRAM_CHAT_NOT_FOUND', 'TELEGRAM_UNAVAILABLE'],
    ),
    verify: route<{ request: VerifyOtpRequest; response: AuthSuccess }>()('POST', '/api/otp/verify-otp', VERIFY),
  },
  users: {
    get: route<{ response: UserResult }>()('GET', '/api/users/:id', ['INVALID_ID', 'USER_NOT_FOUND']),
    stats: route<{ response: UserStatsResult }>()('GET', '/api/users/:id/stats', ['INVALID_ID', 'USER_NOT_FOUND']),
    update: route<{ request: UpdateProfileRequest; response: UpdateProfileResult }>()('PUT', '/api/users/:id', [
      'VALIDATION_ERROR',
      'UNKNOWN_FIELD',
      'INVALID_ID',
      ...SIGNED_IN,
      'NOT_PROFILE_OWNER',
      'USER_NOT_FOUND',
    ]),
    changeCredentials: route<{ request: ChangeCredentialsRequest; response: ChangeCredentialsResult }>()(
      'PUT',
      '/api/users/change-credentials',
      [
        'VALIDATION_ERROR',
        'CURRENT_PASSWORD_WRONG',
        'NOTHING_TO_CHANGE',
        'UNKNOWN_FIELD',
        ...SIGNED_IN,
        'CREDENTIALS_RATE_LIMITED',
        'EMAIL_CHANGE_RATE_LIMITED',
        'OTP_COOLDOWN',
        'OTP_SEND_LIMIT',
        'OTP_SEND_FAILED',
      ],
    ),
    confirmEmailChange: route<{ request: ConfirmEmailChangeRequest; response: ConfirmEmailChangeResult }>()(
      'POST',
      '/api/users/confirm-email-change',
      [
        'VALIDATION_ERROR',
        'UNKNOWN_FIELD',
        ...SIGNED_IN,
        'OTP_INVALID',
        'OTP_TOO_MANY_ATTEMPTS',
        'OTP_EXPIRED',
        'EMAIL_TAKEN',
      ],
    ),
    /** Multipart, one file in the field `profileImage`. */
    profileImage: route<{ request: FormData; response: ProfileImageResult }>()('PUT', '/api/users/profile-image', [
      'IMAGE_REQUIRED',
      ...UPLOAD,
      ...SIGNED_IN,
    ]),
  },
  auctions: {
    list: route<{ query: AuctionListQuery; response: AuctionList }>()('GET', '/api/auctions', [
      'VALIDATION_ERROR',
      'UNKNOWN_FIELD',
    ]),
    /** What an empty search result offers instead (other spellings, fewer words, every category). */
    searchHints: route<{ query: SearchHintsQuery; response: SearchHints }>()('GET', '/api/auctions/search-hints', [
      'VALIDATION_ERROR',
      'UNKNOWN_FIELD',
    ]),
    get: route<{ response: Auction }>()('GET', '/api/auctions/:id', ['INVALID_ID', 'AUCTION_NOT_FOUND']),
    /** Multipart: the `CreateAuctionRequest` fields plus 1–3 files in the repeated field `images`. */
    create: route<{ request: CreateAuctionRequest; response: Auction }>()('POST', '/api/auctions', [
      'VALIDATION_ERROR',
      'AUCTION_IMAGES_REQUIRED',
      ...UPLOAD,
      ...SIGNED_IN,
      'ACCOUNT_NOT_VERIFIED',
    ]),
    update: route<{ request: UpdateAuctionRequest; response: AuctionMutationResult }>()('PUT', '/api/auctions/:id', [
      'VALIDATION_ERROR',
      'AUCTION_NOT_EDITABLE',
      'AUCTION_HAS_BIDS',
      'AUCTION_ALREADY_EDITED',
      'TOO_MANY_IMAGES',
      'INVALID_ID',
      'UNKNOWN_FIELD',
      ...SIGNED_IN,
      'NOT_AUCTION_OWNER',
      'IMAGE_NOT_OWNED',
      'AUCTION_NOT_FOUND',
    ]),
    remove: route<{ response: SuccessResult }>()('DELETE', '/api/auctions/:id', [
      'AUCTION_HAS_BIDS',
      'AUCTION_NOT_DELETABLE',
      'INVALID_ID',
      ...SIGNED_IN,
      'NOT_AUCTION_OWNER',
      'AUCTION_NOT_FOUND',
    ]),
    bySeller: route<{ query: UserAuctionsQuery; response: UserAuctionsResult }>()('GET', '/api/auctions/user/:id', [
      'INVALID_ID',
      'VALIDATION_ERROR',
    ]),
    wonBy: route<{ response: UserAuctionsResult }>()('GET', '/api/auctions/user/:id/won', ['INVALID_ID']),
    bidOnBy: route<{ response: UserBidAuctionsResult }>()('GET', '/api/auctions/user/:id/bids', ['INVALID_ID']),
    /** Multipart, one file in the field `image`: an image URL for an edit's `images`. */
    uploadImage: route<{ request: FormData; response: UploadImageResult }>()('POST', '/api/upload/images', [
      'IMAGE_REQUIRED',
      ...UPLOAD,
      ...SIGNED_IN,
      'ACCOUNT_NOT_VERIFIED',
      'UPLOADS_UNAVAILABLE',
    ]),
    siteStats: route<{ response: SiteStats }>()('GET', '/api/stats'),
  },
  bids: {
    place: route<{ request: PlaceBidBody; query: BidAnswerQuery; response: PlaceBidResult }>()(
      'POST',
      '/api/auctions/:id/bid',
      [...BID_STATE, 'BID_TOO_LOW', 'BID_OWN_AUCTION', 'BID_AT_BUY_NOW', 'BLOCKED_BY_SELLER', 'BID_RATE_LIMITED'],
    ),
    buyNow: route<{ request: BuyNowBody; response: BuyNowResult }>()('POST', '/api/auctions/:id/buy-now', [
      ...BID_STATE,
      'BUY_NOW_UNAVAILABLE',
      'BUY_NOW_OWN_AUCTION',
      'BUY_NOW_PRICE_REACHED',
      'BUY_NOW_PRICE_CHANGED',
      'BLOCKED_BY_SELLER',
      'BUY_NOW_RATE_LIMITED',
    ]),
    /** The member's secret maximum (R-MAX-BID): set or change it, read it, withdraw it. */
    setMax: route<{ request: MaxBidBody; query: BidAnswerQuery; response: MaxBidResult }>()(
      'PUT',
      '/api/auctions/:id/max-bid',
      [
        ...BID_STATE,
        'ACCOUNT_NOT_VERIFIED',
        'BID_OWN_AUCTION',
        'MAX_BID_TOO_LOW',
        'MAX_BID_AT_BUY_NOW',
        'BLOCKED_BY_SELLER',
        'BID_RATE_LIMITED',
      ],
    ),
    getMax: route<{ response: OwnMaxBidResult }>()('GET', '/api/auctions/:id/max-bid', ['INVALID_ID', ...SIGNED_IN]),
    withdrawMax: route<{ query: BidAnswerQuery; response: MaxBidResult }>()('DELETE', '/api/auctions/:id/max-bid', [
      ...BID_STATE,
      'MAX_BID_HOLDS_PRICE',
      'MAX_BID_WITHDRAW_RATE_LIMITED',
    ]),
    /** The member takes their own bid back after a typo (R-BID-RETRACT): the price falls back. */
    retract: route<{ request: RetractBidBody; response: BidCorrectionResult }>()(
      'POST',
      '/api/auctions/:id/bids/:bidId/retract',
      [
        ...BID_STATE,
        'BID_NOT_FOUND',
        'BID_NOT_YOURS',
        'BID_ALREADY_CANCELLED',
        'BID_RETRACT_WINDOW_PASSED',
        'BID_RETRACT_LAST_HOURS',
        'BID_RETRACT_MONTHLY_LIMIT',
        'BID_RETRACT_RATE_LIMITED',
      ],
    ),
  },
  watchlist: {
    watch: route<{ response: WatchResult }>()('PUT', '/api/auctions/:id/watch', WATCH),
    unwatch: route<{ response: WatchResult }>()('DELETE', '/api/auctions/:id/watch', WATCH),
    mine: route<{ query: WatchlistQuery; response: WatchlistResult }>()('GET', '/api/users/me/watchlist', [
      ...SIGNED_IN,
      'VALIDATION_ERROR',
      'UNKNOWN_FIELD',
    ]),
    watching: route<{ query: WatchingQuery; response: WatchingResult }>()('GET', '/api/users/me/watching', [
      ...SIGNED_IN,
      'VALIDATION_ERROR',
      'UNKNOWN_FIELD',
    ]),
  },
  blocks: {
    block: route<{ response: BlockResult }>()('PUT', '/api/users/:id/block', BLOCK),
    unblock: route<{ response: BlockResult }>()('DELETE', '/api/users/:id/block', BLOCK),
    mine: route<{ response: BlocksResult }>()('GET', '/api/users/me/blocks', SIGNED_IN),
  },
  notifications: {
    list: route<{ query: NotificationsQuery; response: NotificationsResult }>()('GET', '/api/notifications', [
      ...NOTIFICATIONS,
      'VALIDATION_ERROR',
      'UNKNOWN_FIELD',
    ]),
    /** Another member's notice answers NOTIFICATION_NOT_FOUND, as a missing one does. */
    read: route<{ response: NotificationsReadResult }>()('PATCH', '/api/notifications/:id/read', [
      ...NOTIFICATIONS,
      'INVALID_ID',
      'NOTIFICATION_NOT_FOUND',
    ]),
    readAll: route<{ response: NotificationsReadResult }>()('POST', '/api/notifications/read-all', NOTIFICATIONS),
    preferences: route<{ response: NotificationPreferencesResult }>()(
      'GET',
      '/api/users/me/notification-preferences',
      NOTIFICATIONS,
    ),
    setPreferences: route<{ request: NotificationPreferences; response: NotificationPreferencesResult }>()(
      'PUT',
      '/api/users/me/notification-preferences',
      [...NOTIFICATIONS, 'VALIDATION_ERROR', 'UNKNOWN_FIELD'],
    ),
    /** The e-mail's one-click unsubscribe (RFC 8058): no session, the signed token is the proof. */
    unsubscribe: route<{ query: { token: string }; response: UnsubscribeResult }>()(
      'POST',
      '/api/notifications/unsubscribe',
      ['UNSUBSCRIBE_TOKEN_INVALID', 'UNSUBSCRIBE_LINK_EXPIRED'],
    ),
    /** An HTML page asking to confirm (mail scanners fetch links): changes nothing. */
    unsubscribePage: route<{ query: { token: string }; response: string }>()('GET', '/api/notifications/unsubscribe', [
      'UNSUBSCRIBE_TOKEN_INVALID',
      'UNSUBSCRIBE_LINK_EXPIRED',
    ]),
  },
  push: {
    /** PUSH_OFF when the server has no VAPID keys (push is off). */
    vapidPublicKey: route<{ response: VapidPublicKeyResult }>()('GET', '/api/push/vapid-public-key', ['PUSH_OFF']),
    subscribe: route<{ request: PushSubscriptionRequest; response: PushSubscriptionResult }>()(
      'POST',
      '/api/push/subscriptions',
      [
        ...NOTIFICATIONS,
        'VALIDATION_ERROR',
        'UNKNOWN_FIELD',
        'PUSH_OFF',
        'PUSH_ENDPOINT_NOT_ALLOWED',
        'PUSH_SUBSCRIPTIONS_LIMIT',
        'PUSH_ENDPOINT_TAKEN',
      ],
    ),
    unsubscribe: route<{ request: PushUnsubscribeRequest; response: PushSubscriptionResult }>()(
      'DELETE',
      '/api/push/subscriptions',
      [...NOTIFICATIONS, 'VALIDATION_ERROR', 'UNKNOWN_FIELD'],
    ),
  },
  deals: {
    /** The profile lists' confirmation. */
    confirm: route<{ response: ConfirmDealResult }>()('PATCH', '/api/auctions/:id/confirm-deal', CONFIRM_DEAL),
    /** The chat's confirmation: the same call as PUT. */
    confirmFromChat: route<{ response: ConfirmDealResult }>()('PUT', '/api/auctions/:id/confirm-deal', CONFIRM_DEAL),
  },
  ratings: {
    rate: route<{ request: RateSellerRequest; response: RateSellerResult }>()('POST', '/api/users/:sellerId/rate', [
      'VALIDATION_ERROR',
      'AUCTION_NOT_SOLD',
      'RATING_SELLER_MISMATCH',
      'INVALID_ID',
      'UNKNOWN_FIELD',
      ...SIGNED_IN,
      'RATING_FORBIDDEN',
      'AUCTION_NOT_FOUND',
      'ALREADY_RATED',
    ]),
    list: route<{ response: RatingsResult }>()('GET', '/api/users/:id/ratings', ['INVALID_ID', 'USER_NOT_FOUND']),
    stats: route<{ response: RatingStatsResult }>()('GET', '/api/users/:id/rating-stats', [
      'INVALID_ID',
      'USER_NOT_FOUND',
    ]),
  },
  messages: {
    conversations: route<{ response: ConversationsResult }>()('GET', '/api/messages/conversations', SIGNED_IN),
    unreadCount: route<{ response: UnreadCountResult }>()('GET', '/api/messages/unread-count', SIGNED_IN),
    thread: route<{ query: ConversationPageQuery; response: ConversationMessagesResult }>()(
      'GET',
      '/api/messages/auction/:auctionId',
      [...SIGNED_IN, 'INVALID_ID', 'VALIDATION_ERROR', 'CONVERSATION_FORBIDDEN', 'AUCTION_NOT_FOUND'],
    ),
    send: route<{ request: SendMessageRequest; response: SendMessageResult }>()('POST', '/api/messages', [
      ...SIGNED_IN,
      'MESSAGE_EMPTY',
      'VALIDATION_ERROR',
      'MESSAGE_RECEIVER_INVALID',
      'UNKNOWN_FIELD',
      'CONVERSATION_FORBIDDEN',
      'CHAT_BLOCKED',
      'AUCTION_NOT_FOUND',
    ]),
  },
  archive: {
    sold: route<{ query: ArchivedAuctionsQuery; response: ArchivedAuctionsResult }>()(
      'GET',
      '/api/users/:id/archived-auctions',
      [...ARCHIVE, 'VALIDATION_ERROR'],
    ),
    won: route<{ query: ArchivePageQuery; response: ArchivedAuctionsResult }>()(
      'GET',
      '/api/users/:id/won-archived-auctions',
      [...ARCHIVE, 'VALIDATION_ERROR'],
    ),
    stats: route<{ response: ArchiveStatsResult }>()('GET', '/api/users/:userId/archive-stats', ARCHIVE),
    confirmDeal: route<{ response: ConfirmArchivedDealResult }>()(
      'PATCH',
      '/api/users/:userId/confirm-archived-deal/:archivedId',
      [...ARCHIVE, 'ARCHIVED_AUCTION_NOT_FOUND'],
    ),
  },
  content: {
    banners: route<{ response: BannersResult }>()('GET', '/api/banners'),
    allBanners: route<{ response: AdminBannersResult }>()('GET', '/api/banners/admin', ADMIN),
    createBanner: route<{ request: BannerCreateRequest; response: BannerMutationResult }>()('POST', '/api/banners', [
      ...ADMIN,
      'VALIDATION_ERROR',
      'UNKNOWN_FIELD',
    ]),
    updateBanner: route<{ request: BannerUpdateRequest; response: BannerMutationResult }>()('PUT', '/api/banners/:id', [
      ...ADMIN,
      'VALIDATION_ERROR',
      'UNKNOWN_FIELD',
      'INVALID_ID',
      'BANNER_NOT_FOUND',
    ]),
    deleteBanner: route<{ response: SuccessResult }>()('DELETE', '/api/banners/:id', [
      ...ADMIN,
      'INVALID_ID',
      'BANNER_NOT_FOUND',
    ]),
    site: route<{ response: SiteContentResult }>()('GET', '/api/site-content'),
    updateSiteBanner: route<{ request: SiteBannerRequest; response: SiteBannerResult }>()(
      'PUT',
      '/api/site-content/banner',
      [...ADMIN, 'VALIDATION_ERROR', 'UNKNOWN_FIELD'],
    ),
    createFeature: route<{ request: SiteFeatureRequest; response: SiteFeatureResult }>()(
      'POST',
      '/api/site-content/features',
      [...ADMIN, 'VALIDATION_ERROR', 'UNKNOWN_FIELD'],
    ),
    updateFeature: route<{ request: SiteFeatureRequest; response: SiteFeatureResult }>()(
      'PUT',
      '/api/site-content/features/:id',
      [...ADMIN, 'VALIDATION_ERROR', 'UNKNOWN_FIELD', 'INVALID_ID', 'FEATURE_NOT_FOUND'],
    ),
    deleteFeature: route<{ response: SuccessResult }>()('DELETE', '/api/site-content/features/:id', [
      ...ADMIN,
      'INVALID_ID',
      'FEATURE_NOT_FOUND',
    ]),
    announcement: route<{ response: AnnouncementResult }>()('GET', '/api/announcement-content'),
    saveAnnouncement: route<{ request: AnnouncementUpdateRequest; response: AnnouncementUpdateResult }>()(
      'PUT',
      '/api/announcement-content',
      [...ADMIN, 'VALIDATION_ERROR', 'UNKNOWN_FIELD', 'IMAGE_NOT_OWNED'],
    ),
  },
  contact: {
    send: route<{ request: ContactRequest; response: SuccessResult }>()('POST', '/api/contact', [
      'VALIDATION_ERROR',
      'UNKNOWN_FIELD',
      'CONTACT_RATE_LIMITED',
    ]),
  },
  admin: {
    stats: route<{ response: AdminStatsResult }>()('GET', '/api/admin/stats', ADMIN),
    dailyStats: route<{ query: DailyStatsQuery; response: DailyStatsResult }>()('GET', '/api/admin/stats/daily', [
      ...ADMIN,
      'VALIDATION_ERROR',
      'UNKNOWN_FIELD',
    ]),
    users: route<{ query: AdminUsersQuery; response: AdminUsersResult }>()('GET', '/api/admin/users', [
      ...ADMIN,
      'VALIDATION_ERROR',
      'UNKNOWN_FIELD',
    ]),
    deleteUser: route<{ response: SuccessResult }>()('DELETE', '/api/admin/users/:id', [
      ...ADMIN,
      'INVALID_ID',
      'ADMIN_SELF_DELETE',
      'USER_NOT_FOUND',
    ]),
    setUserPassword: route<{ request: SetUserPasswordRequest; response: SuccessResult }>()(
      'PUT',
      '/api/admin/users/:id/password',
      [...ADMIN, 'VALIDATION_ERROR', 'UNKNOWN_FIELD', 'INVALID_ID', 'USER_NOT_FOUND'],
    ),
    auctions: route<{ query: AdminAuctionsQuery; response: AdminAuctionsResult }>()('GET', '/api/admin/auctions', [
      ...ADMIN,
      'VALIDATION_ERROR',
      'UNKNOWN_FIELD',
    ]),
    deleteAuction: route<{ response: SuccessResult }>()('DELETE', '/api/admin/auctions/:id', [
      ...ADMIN,
      'INVALID_ID',
      'AUCTION_NOT_FOUND',
    ]),
    /** An operator cancels one bid (R-BID-OPERATOR-CANCEL): the price falls back, the bidder is told why. */
    cancelBid: route<{ request: CancelBidBody; response: BidCorrectionResult }>()(
      'POST',
      '/api/admin/bids/:id/cancel',
      [
        ...ADMIN,
        'VALIDATION_ERROR',
        'UNKNOWN_FIELD',
        'INVALID_ID',
        'BID_NOT_FOUND',
        'BID_ALREADY_CANCELLED',
        'AUCTION_NOT_FOUND',
        'AUCTION_NOT_OPEN',
        'AUCTION_ENDED',
        'AUCTION_BUSY',
      ],
    ),
    auctionMessages: route<{ response: AdminAuctionMessagesResult }>()('GET', '/api/admin/auctions/:id/messages', [
      ...ADMIN,
      'INVALID_ID',
      'AUCTION_NOT_FOUND',
    ]),
    contactMessages: route<{ query: ContactMessagesQuery; response: ContactMessagesResult }>()(
      'GET',
      '/api/admin/contact-messages',
      [...ADMIN, 'VALIDATION_ERROR', 'UNKNOWN_FIELD'],
    ),
    updateContactMessage: route<{ request: UpdateContactMessageRequest; response: ContactMessageMutationResult }>()(
      'PATCH',
      '/api/admin/contact-messages/:id',
      [...ADMIN, 'VALIDATION_ERROR', 'UNKNOWN_FIELD', 'INVALID_ID', 'CONTACT_MESSAGE_NOT_FOUND'],
    ),
    deleteContactMessage: route<{ response: SuccessResult }>()('DELETE', '/api/admin/contact-messages/:id', [
      ...ADMIN,
      'INVALID_ID',
      'CONTACT_MESSAGE_NOT_FOUND',
    ]),
    loadTestPrepare: route<{ request: LoadTestFixturesRequest; response: LoadTestFixtures }>()(
      'POST',
      '/api/admin/load-test/fixtures',
      [...ADMIN, 'VALIDATION_ERROR', 'UNKNOWN_FIELD', 'LOAD_TEST_PRODUCTION'],
    ),
    loadTestClean: route<{ response: LoadTestCleanResult }>()('DELETE', '/api/admin/load-test/fixtures', [
      ...ADMIN,
      'LOAD_TEST_FOREIGN_BIDS',
    ]),
    /** The operators' audit log (R-AUDIT-LOG), newest first; `Accept: text/csv` answers it as CSV. */
    auditLog: route<{ query: AuditLogQuery; response: AuditLogResult }>()('GET', '/api/admin/audit-log', [
      ...ADMIN,
      'VALIDATION_ERROR',
      'UNKNOWN_FIELD',
    ]),
  },
} as const;

export type Routes = typeof routes;
