import { QUEUES, type QueueSpec } from '../queues/queue-registry';

/**
 * The lanes of outgoing messages, each a queue of the registry (QUEUES: its worker slots,
 * limiter and job options), in one place (docs/notifications.md, "Deliveries"). Each lane has its own queue and its own worker slots, so what holds one lane (a
 * slow outside service, a flood of notices) never holds another:
 * - a member waiting for a code never waits behind a notice: codes travel on the account lanes,
 *   notices on the notice lanes and push;
 * - no two outside services share slots: mail, Telegram and push services each have their own.
 * Every call a lane makes is bounded besides (infrastructure/outside-calls/), so a stuck call
 * ends at its deadline and frees its slot.
 */
export const DELIVERY_LANES = {
  /**
   * The account's own mail: verification, password-reset and e-mail-change codes, and the e-mail
   * change notices sent with them. It keeps the queue name every delivery shared before the
   * lanes, so what a replica of that version queues during a rolling update (a notice's mail or
   * push included) is still sent, by this lane's worker.
   */
  accountMail: QUEUES.deliveries,
  /** Verification codes by Telegram. */
  accountTelegram: QUEUES.deliveriesAccountTelegram,
  /** Notices by e-mail. */
  noticeMail: QUEUES.deliveriesNoticeMail,
  /**
   * Notices by Telegram, at most one every 40 ms across all workers (the registry's limiter) and
   * one a second to each chat (TELEGRAM_CHAT_SPACING_MS, Deliveries.noticeTelegram).
   */
  noticeTelegram: QUEUES.noticesTelegram,
  /** Web Push notices: each job calls the member's devices (at most 10) at once. */
  push: QUEUES.deliveriesPush,
} as const satisfies Record<string, QueueSpec>;

export type DeliveryLaneName = keyof typeof DELIVERY_LANES;

export const DELIVERY_LANE_NAMES = Object.keys(DELIVERY_LANES) as DeliveryLaneName[];

/** Telegram allows about one message a second to one chat. */
export const TELEGRAM_CHAT_SPACING_MS = 1_000;
