import type { JobsOptions } from 'bullmq';

/**
 * 5 attempts, 2 s, 4 s, 8 s and 16 s apart (about 30 s in all, inside the 60 s resend cooldown
 * of codes). A delivered job is deleted at once, so a code's plaintext leaves Redis with it; a
 * job that failed for good stays in the failed set for operators (the newest 1000, at most a
 * week), its text removed first (withoutContent).
 */
export const DELIVERY_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: true,
  removeOnFail: { count: 1_000, age: 7 * 24 * 3600 },
} as const satisfies JobsOptions;

/**
 * A notice's job (its id `<channel>-<notice id>`, noticeJobId) is kept a day after it was sent:
 * its id stays taken, so the same notice queued again by another replica or after a restart is
 * sent once (R-NOTICE-ONCE). Its text is a notice's, no secret, unlike a code's.
 */
export const NOTICE_JOB_OPTIONS = {
  ...DELIVERY_JOB_OPTIONS,
  removeOnComplete: { age: 24 * 3600 },
} as const satisfies JobsOptions;

export interface DeliveryLane {
  /** Its BullMQ queue. */
  queue: string;
  /** Jobs of this lane one worker process sends at once: its own slots, shared with no other lane. */
  concurrency: number;
  /** BullMQ's queue-wide rate limit (kept in Redis, so it holds across worker processes). */
  limiter?: { max: number; duration: number };
  jobOptions: JobsOptions;
}

/**
 * Every queue and worker of outgoing messages, in one place (docs/notifications.md,
 * "Deliveries"). Each lane has its own queue and its own worker slots, so what holds one lane (a
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
  accountMail: { queue: 'deliveries', concurrency: 5, jobOptions: DELIVERY_JOB_OPTIONS },
  /** Verification codes by Telegram. */
  accountTelegram: { queue: 'deliveries-account-telegram', concurrency: 5, jobOptions: DELIVERY_JOB_OPTIONS },
  /** Notices by e-mail. */
  noticeMail: { queue: 'deliveries-notice-mail', concurrency: 5, jobOptions: NOTICE_JOB_OPTIONS },
  /**
   * Notices by Telegram. One every 40 ms across all workers, 25 a second evenly, under Telegram's
   * ~30 a second for a bot: a limiter of 25 per 1,000 ms would let a burst at the end of one window
   * and another at the start of the next put ~50 in one second. Each chat also gets at most one a
   * second (TELEGRAM_CHAT_SPACING_MS, Deliveries.noticeTelegram).
   */
  noticeTelegram: {
    queue: 'notices-telegram',
    concurrency: 5,
    limiter: { max: 1, duration: 40 },
    jobOptions: NOTICE_JOB_OPTIONS,
  },
  /** Web Push notices: each job calls the member's devices (at most 10) at once. */
  push: { queue: 'deliveries-push', concurrency: 5, jobOptions: NOTICE_JOB_OPTIONS },
} as const satisfies Record<string, DeliveryLane>;

export type DeliveryLaneName = keyof typeof DELIVERY_LANES;

export const DELIVERY_LANE_NAMES = Object.keys(DELIVERY_LANES) as DeliveryLaneName[];

/** Telegram allows about one message a second to one chat. */
export const TELEGRAM_CHAT_SPACING_MS = 1_000;
