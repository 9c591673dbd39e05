import { filsToJod, formatJod, NotificationKind, type NotificationLink } from '@mazad/contracts';

/** What a notice stores in `payload`: its Arabic text as created, where it leads, its amount in fils. */
export interface NoticePayload {
  title: string;
  body: string;
  link: NotificationLink;
  auctionId: string | null;
  amountFils: number | null;
}

/** A notice to create: for whom, about which event (the dedupe key), and what it says. */
export interface NoticeDraft {
  userId: string;
  kind: NotificationKind;
  /** Names the event, unique per member: the same event twice is one notice (R-NOTICE-ONCE). */
  dedupeKey: string;
  payload: NoticePayload;
}

const money = (fils: number) => formatJod(filsToJod(fils));
const auctionLink = (auctionId: string): NotificationLink => ({ type: 'auction', auctionId });

/**
 * The notices of each kind, their Arabic text and their dedupe key. Pure: the event handlers
 * decide who hears what, the Notifier stores and sends.
 */
export const notices = {
  /** `beatenBidId`: the member's own bid that lost the lead (one notice per such bid). */
  outbid: (
    userId: string,
    a: { auctionId: string; title: string; beatenBidId: string; priceFils: number },
  ): NoticeDraft => ({
    userId,
    kind: NotificationKind.Outbid,
    dedupeKey: `outbid:${a.beatenBidId}`,
    payload: {
      title: 'تم تجاوز مزايدتك',
      body: `مزايدة أعلى على "${a.title}": السعر الآن ${money(a.priceFils)}`,
      link: auctionLink(a.auctionId),
      auctionId: a.auctionId,
      amountFils: a.priceFils,
    },
  }),

  endingSoon: (
    userId: string,
    a: { auctionId: string; title: string; priceFils: number; minutes: number },
  ): NoticeDraft => ({
    userId,
    kind: NotificationKind.EndingSoon,
    // One reminder per auction and stage (the member's lead time): extensions come in its last
    // seconds, long after the reminder.
    dedupeKey: `ending-soon:${a.minutes}:${a.auctionId}`,
    payload: {
      title: 'مزاد على وشك الانتهاء',
      body: `ينتهي "${a.title}" خلال ${a.minutes} دقيقة تقريباً، والسعر الحالي ${money(a.priceFils)}`,
      link: auctionLink(a.auctionId),
      auctionId: a.auctionId,
      amountFils: a.priceFils,
    },
  }),

  won: (userId: string, a: { auctionId: string; title: string; priceFils: number }): NoticeDraft => ({
    userId,
    kind: NotificationKind.Won,
    dedupeKey: `won:${a.auctionId}`,
    payload: {
      title: 'مبروك، فزت بالمزاد',
      body: `فزت بـ "${a.title}" بسعر ${money(a.priceFils)}. تواصل مع البائع لإتمام الصفقة`,
      link: { type: 'conversation', auctionId: a.auctionId },
      auctionId: a.auctionId,
      amountFils: a.priceFils,
    },
  }),

  sold: (userId: string, a: { auctionId: string; title: string; priceFils: number }): NoticeDraft => ({
    userId,
    kind: NotificationKind.Sold,
    dedupeKey: `sold:${a.auctionId}`,
    payload: {
      title: 'تم بيع مزادك',
      body: `بيع "${a.title}" بسعر ${money(a.priceFils)}. تواصل مع المشتري لإتمام الصفقة`,
      link: { type: 'conversation', auctionId: a.auctionId },
      auctionId: a.auctionId,
      amountFils: a.priceFils,
    },
  }),

  noSale: (userId: string, a: { auctionId: string; title: string }): NoticeDraft => ({
    userId,
    kind: NotificationKind.NoSale,
    dedupeKey: `no-sale:${a.auctionId}`,
    payload: {
      title: 'انتهى مزادك دون بيع',
      body: `انتهى "${a.title}" دون أي مزايدة`,
      link: auctionLink(a.auctionId),
      auctionId: a.auctionId,
      amountFils: null,
    },
  }),

  newMessage: (userId: string, m: { messageId: string; auctionId: string; senderName: string }): NoticeDraft => ({
    userId,
    kind: NotificationKind.NewMessage,
    dedupeKey: `message:${m.messageId}`,
    payload: {
      title: 'رسالة جديدة',
      body: `رسالة جديدة من ${m.senderName}`,
      link: { type: 'conversation', auctionId: m.auctionId },
      auctionId: m.auctionId,
      amountFils: null,
    },
  }),

  dealConfirmed: (userId: string, a: { auctionId: string; title: string }): NoticeDraft => ({
    userId,
    kind: NotificationKind.DealConfirmed,
    dedupeKey: `deal-confirmed:${a.auctionId}`,
    payload: {
      title: 'تم تأكيد الصفقة',
      body: `تم تأكيد صفقة "${a.title}"`,
      link: { type: 'conversation', auctionId: a.auctionId },
      auctionId: a.auctionId,
      amountFils: null,
    },
  }),

  /** An operator cancelled the member's bid `bidId` (R-BID-OPERATOR-CANCEL): one notice per bid, with the reason. */
  bidCancelled: (
    userId: string,
    b: { auctionId: string; title: string; bidId: string; amountFils: number; reason: string },
  ): NoticeDraft => ({
    userId,
    kind: NotificationKind.BidCancelled,
    dedupeKey: `bid-cancelled:${b.bidId}`,
    payload: {
      title: 'أُلغيت مزايدتك',
      body: `ألغت إدارة الموقع مزايدتك بمبلغ ${money(b.amountFils)} على "${b.title}". السبب: ${b.reason}`,
      link: auctionLink(b.auctionId),
      auctionId: b.auctionId,
      amountFils: b.amountFils,
    },
  }),

  rated: (userId: string, r: { auctionId: string; raterId: string; stars: number }): NoticeDraft => ({
    userId,
    kind: NotificationKind.Rated,
    dedupeKey: `rated:${r.auctionId}:${r.raterId}`,
    payload: {
      title: 'تقييم جديد',
      body: `قيّمك المشتري بـ ${r.stars} من 5 نجوم`,
      link: { type: 'profile' },
      auctionId: r.auctionId,
      amountFils: null,
    },
  }),
};
