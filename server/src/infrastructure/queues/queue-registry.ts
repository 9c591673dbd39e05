import type { JobsOptions } from 'bullmq';

/** BullMQ's queue-wide rate limit: at most `max` jobs per `duration` ms, kept in Redis for every worker process. */
export interface QueueLimiter {
  max: number;
  duration: number;
}

/** One BullMQ queue of the server, and the worker that runs its jobs. */
export interface QueueSpec {
  /** Its BullMQ name, under `<REDIS_PREFIX>:bull:` in Redis. */
  name: string;
  /** What its jobs carry, for docs/operations.md. */
  carries: string;
  /** The job names this version adds. */
  jobNames: readonly string[];
  /** How a job's id is made (`<…>` a part, filled by jobIdOf), or null for BullMQ's own counter. */
  jobId: string | null;
  /** The queue's default job options: every job added to it gets them (retries, backoff, what Redis keeps). */
  jobOptions: JobsOptions;
  /** Jobs one worker process runs at once. */
  concurrency: number;
  limiter?: QueueLimiter;
  /** How often each worker process sweeps for work whose job was lost (DeadlineJobs). */
  sweepIntervalMs?: number;
  /** Why each number above is what it is, one line each. */
  why: { jobId?: string; jobOptions: string; concurrency: string; limiter?: string; sweep?: string };
}

/**
 * A deadline job (DeadlineJobs): 10 attempts, 1 s, 2 s, 4 s… apart (about 17 minutes in all,
 * through a database or Redis restart); deleted once done, the newest 1000 failures kept.
 */
export const DEADLINE_JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: true,
  removeOnFail: 1_000,
} as const satisfies JobsOptions;

/**
 * A delivery: 5 attempts, 2 s, 4 s, 8 s and 16 s apart (about 30 s in all, inside the 60 s resend
 * cooldown of codes). A delivered job is deleted at once, so a code's plaintext leaves Redis with
 * it; a job that failed for good stays in the failed set for operators (the newest 1000, at most
 * a week), its text removed first (withoutContent in deliveries/delivery-job.ts).
 */
export const DELIVERY_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: true,
  removeOnFail: { count: 1_000, age: 7 * 24 * 3600 },
} as const satisfies JobsOptions;

/**
 * A notice's delivery (its id `<channel>-<notice id>`) is kept a day after it was sent: its id
 * stays taken, so the same notice queued again by another replica or after a restart is sent
 * once (R-NOTICE-ONCE). Its text is a notice's, no secret, unlike a code's.
 */
export const NOTICE_JOB_OPTIONS = {
  ...DELIVERY_JOB_OPTIONS,
  removeOnComplete: { age: 24 * 3600 },
} as const satisfies JobsOptions;

const DEADLINE_WHY = {
  jobId: 'one job per deadline: adding it again is a no-op, and a moved deadline re-times the same job',
  jobOptions: 'retried for about 17 minutes, through a database or Redis restart; the sweep catches what outlives that',
};
const DELIVERY_WHY = 'retried for about 30 s, inside the 60 s resend cooldown of codes; a code leaves Redis once sent';
const NOTICE_WHY = {
  jobId: 'the notice and its channel (R-NOTICE-ONCE): a repeat from any replica within the day adds nothing',
  jobOptions: 'retried for about 30 s; kept a day once sent so its id stays taken',
};
const LANE_SLOTS =
  'its own slots, shared with no other lane: a slow outside service or a flood of notices never holds a code (DELIVERY_LANES)';

/**
 * Every BullMQ queue of the server, in one table: QueuesModule creates each one from it (the
 * deployment's REDIS_PREFIX, these default job options), the worker base (QueueWorkers) runs
 * each with its concurrency and limiter, and start-up fails when a queue has no worker or a
 * worker no queue. docs/operations.md, "Queues", lists it (a spec keeps the two equal).
 */
export const QUEUES = {
  auctionEnd: {
    name: 'auction-end',
    carries: 'the end of each open auction, due at its end time (AuctionEndScheduler)',
    jobNames: ['end'],
    jobId: 'end-<auctionId>',
    jobOptions: DEADLINE_JOB_OPTIONS,
    concurrency: 10,
    sweepIntervalMs: 15_000,
    why: {
      ...DEADLINE_WHY,
      concurrency:
        'ends due in the same second (auctions listed together) run side by side; each is one short transaction, and 10 leave at least half the default database pool (20) to bids and reads',
      sweep:
        'an end whose job was lost is recorded and announced at most 15 s (plus 2 s grace) late, for one indexed query per worker process per period; bids are refused at the end time by the database whatever the job does',
    },
  },
  auctionArchive: {
    name: 'auction-archive',
    carries:
      'the move of each ended auction to the archive, due ARCHIVE_SOLD_AFTER or ARCHIVE_UNSOLD_AFTER after its end',
    jobNames: ['archive'],
    jobId: 'archive-<auctionId>',
    jobOptions: DEADLINE_JOB_OPTIONS,
    concurrency: 5,
    sweepIntervalMs: 10_000,
    why: {
      ...DEADLINE_WHY,
      concurrency:
        'nobody waits for an archive move: half the end queue’s slots leave the database pool to the live work',
      sweep:
        'the period it has had since the archive came: a lost move is at most 10 s late (no one would notice far more), and the query is one indexed read per worker process',
    },
  },
  endingSoon: {
    name: 'ending-soon',
    carries: '"ending soon" reminders: one job per open auction and lead time a member may choose (a stage)',
    jobNames: ['ending-soon'],
    jobId: 'ending-soon-<stage>',
    jobOptions: DEADLINE_JOB_OPTIONS,
    concurrency: 10,
    sweepIntervalMs: 30_000,
    why: {
      jobId: 'one job per stage (`<minutes>-<auctionId>`): adding it again is a no-op, a moved end re-times it',
      jobOptions: DEADLINE_WHY.jobOptions,
      concurrency: 'as the end: stages of auctions listed together fall due together, each a few short queries',
      sweep:
        'a reminder comes minutes before the end, so 30 s late is still in time; the sweep’s query crosses every open auction with every lead time, the heaviest of the three',
    },
  },
  outbidNotices: {
    name: 'notices-outbid',
    carries: 'outbid notices, held a few seconds to coalesce (R-NOTICE-OUTBID-COALESCED, OutbidNotices)',
    jobNames: ['outbid'],
    jobId: 'outbid-<auctionId>-<memberId>',
    jobOptions: {
      removeOnComplete: true,
      removeOnFail: { age: 7 * 24 * 3600, count: 1_000 },
      attempts: 3,
      backoff: { type: 'exponential', delay: 2_000 },
    },
    concurrency: 10,
    // Written one every 50 ms across all workers (20 a second, evenly): see why.limiter.
    limiter: { max: 1, duration: 50 },
    why: {
      jobId: 'one per member and auction: every further outbid while it waits, on any replica, joins it',
      jobOptions: 'a notice is a few queries: 3 attempts over about 6 s; deleted once written, failures kept a week',
      concurrency: 'the limiter, not the slots, sets the pace; 10 let a slow query not hold the next notices',
      limiter:
        'a hot auction’s first seconds outbid every bidder at once: 200 notices in one second took the database pool from the bids (bid p99 326 ms at 600 bids/s, 43 ms with the notices spread out)',
    },
  },
  deliveries: {
    name: 'deliveries',
    carries:
      'the account’s own mail: codes and the e-mail change notices (the accountMail lane; its name is the one every delivery shared before the lanes)',
    jobNames: ['mail'],
    jobId: null,
    jobOptions: DELIVERY_JOB_OPTIONS,
    concurrency: 5,
    why: {
      jobId: 'every code asked for is sent; nothing to deduplicate',
      jobOptions: DELIVERY_WHY,
      concurrency: LANE_SLOTS,
    },
  },
  deliveriesAccountTelegram: {
    name: 'deliveries-account-telegram',
    carries: 'verification codes by Telegram (the accountTelegram lane)',
    jobNames: ['telegram'],
    jobId: null,
    jobOptions: DELIVERY_JOB_OPTIONS,
    concurrency: 5,
    why: {
      jobId: 'every code asked for is sent; nothing to deduplicate',
      jobOptions: DELIVERY_WHY,
      concurrency: LANE_SLOTS,
    },
  },
  deliveriesNoticeMail: {
    name: 'deliveries-notice-mail',
    carries: 'notices by e-mail (the noticeMail lane)',
    jobNames: ['mail'],
    jobId: 'email-<noticeId>',
    jobOptions: NOTICE_JOB_OPTIONS,
    concurrency: 5,
    why: { ...NOTICE_WHY, concurrency: LANE_SLOTS },
  },
  noticesTelegram: {
    name: 'notices-telegram',
    carries: 'notices by Telegram, each delayed to its chat’s next free second (the noticeTelegram lane)',
    jobNames: ['telegram'],
    jobId: 'telegram-<noticeId>',
    jobOptions: NOTICE_JOB_OPTIONS,
    concurrency: 5,
    limiter: { max: 1, duration: 40 },
    why: {
      ...NOTICE_WHY,
      concurrency: LANE_SLOTS,
      limiter:
        'one every 40 ms, 25 a second evenly, under Telegram’s ~30 a second for a bot; 25 per 1,000 ms would let two bursts at a window’s edge put ~50 in one second',
    },
  },
  deliveriesPush: {
    name: 'deliveries-push',
    carries: 'Web Push notices, each to the member’s devices (at most 10) at once (the push lane)',
    jobNames: ['push'],
    jobId: 'push-<noticeId>',
    jobOptions: NOTICE_JOB_OPTIONS,
    concurrency: 5,
    why: { ...NOTICE_WHY, concurrency: LANE_SLOTS },
  },
} as const satisfies Record<string, QueueSpec>;

export type QueueKey = keyof typeof QUEUES;

/** Every queue of the table. */
export const QUEUE_SPECS: readonly QueueSpec[] = Object.values(QUEUES);

/** The queue named `name`; throws for a name the table does not have. */
export function queueSpec(name: string): QueueSpec {
  const spec = QUEUE_SPECS.find((q) => q.name === name);
  if (!spec)
    throw new Error(`BullMQ queue "${name}" is not in the queue registry (infrastructure/queues/queue-registry.ts)`);
  return spec;
}

/**
 * A job's id by its queue's scheme, its parts filled in order: jobIdOf('end-<auctionId>', id) is
 * `end-<id>`. Throws when the parts do not match the scheme (a queue without ids included).
 */
export function jobIdOf(scheme: string | null, ...parts: string[]): string {
  const slots = scheme?.match(/<[^>]+>/g) ?? [];
  if (scheme === null || slots.length !== parts.length)
    throw new Error(`Job id scheme ${scheme} takes ${slots.length} part(s), given ${parts.length}`);
  let next = 0;
  return scheme.replace(/<[^>]+>/g, () => parts[next++]);
}
