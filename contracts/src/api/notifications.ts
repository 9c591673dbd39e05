/** The in-app notices (the bell): docs/notifications.md. */
import type { Pagination } from './common';

/** What a notice is about. Identifiers, not shown: the Arabic text travels in `title` and `body`. */
export const NotificationKind = {
  Outbid: 'outbid',
  EndingSoon: 'ending_soon',
  Won: 'won',
  Sold: 'sold',
  NoSale: 'no_sale',
  NewMessage: 'new_message',
  DealConfirmed: 'deal_confirmed',
  Rated: 'rated',
  /** An operator cancelled one of the member's bids (R-BID-OPERATOR-CANCEL), with the reason. */
  BidCancelled: 'bid_cancelled',
} as const;
export type NotificationKind = (typeof NotificationKind)[keyof typeof NotificationKind];

/**
 * Where a notice leads: the auction's page, the auction's conversation (the messages page) or
 * the member's own profile (their ratings).
 */
export type NotificationLink =
  { type: 'auction'; auctionId: string } | { type: 'conversation'; auctionId: string } | { type: 'profile' };

/**
 * The web app's path a notice leads to, the one definition for every place that links a notice:
 * the bell's link, a push notification's tap, and the e-mail's and Telegram message's link (on
 * the public origin). The auction's page, its conversation on the messages page, or the
 * member's ratings.
 */
export function noticePath(link: NotificationLink): string {
  switch (link.type) {
    case 'auction':
      return `/auction/${encodeURIComponent(link.auctionId)}`;
    case 'conversation':
      return `/messages?auction=${encodeURIComponent(link.auctionId)}`;
    case 'profile':
      return '/profile?tab=ratings';
  }
}

/** One notice of the bell. */
export interface Notification {
  _id: string;
  id: string;
  kind: NotificationKind;
  /** Arabic, short (the bell's line). */
  title: string;
  /** Arabic, one sentence; amounts formatted in JOD with 3 decimals. */
  body: string;
  link: NotificationLink;
  auctionId: string | null;
  /** The amount the notice is about (the new price, the sale price), JOD; null when none. */
  amount: number | null;
  createdAt: string;
  /** When the member opened it; null while unread. */
  readAt: string | null;
}

/** Query of GET /api/notifications (`limit` defaults to 20, at most 100). */
export interface NotificationsQuery {
  page?: number;
  limit?: number;
}

/** GET /api/notifications: newest first, with the member's unread count over all pages. */
export interface NotificationsResult {
  success: true;
  notifications: Notification[];
  unreadCount: number;
  pagination: Pagination;
}

/** PATCH /api/notifications/{id}/read and POST /api/notifications/read-all: the count after the call. */
export interface NotificationsReadResult {
  success: true;
  message: string;
  unreadCount: number;
}

/** The outside channels a notice may also travel by, besides the bell. */
export const NoticeChannel = { Email: 'email', Telegram: 'telegram', Push: 'push' } as const;
export type NoticeChannel = (typeof NoticeChannel)[keyof typeof NoticeChannel];

/** Per kind, which outside channels deliver it. */
export type NoticeChannelChoices = Record<NotificationKind, Record<NoticeChannel, boolean>>;

/** GET and PUT /api/users/me/notification-preferences: the whole matrix, defaults filled in. */
export interface NotificationPreferences {
  channels: NoticeChannelChoices;
  /** Minutes before the end that the "ending soon" notice comes (one of ENDING_SOON_LEAD_MINUTES). */
  endingSoonLeadMinutes: number;
}

/** The answer of GET and PUT /api/users/me/notification-preferences. */
export interface NotificationPreferencesResult {
  success: true;
  preferences: NotificationPreferences;
  /** Whether the member linked Telegram: Telegram notices reach only a linked chat. */
  telegramLinked: boolean;
}

/** POST /api/notifications/unsubscribe?token=…: the kind whose e-mail was turned off. */
export interface UnsubscribeResult {
  success: true;
  message: string;
  kind: NotificationKind;
}
