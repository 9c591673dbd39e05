import { ENDING_SOON_LEAD_MINUTES } from '@mazad/contracts';

/**
 * BullMQ queue of delayed "this auction ends soon" jobs: one per open auction and lead time (a
 * stage), each under a stable id.
 */
export const ENDING_SOON_QUEUE = 'ending-soon';
export const ENDING_SOON_JOB = 'ending-soon';

/** A stage: the auction's reminder for the members whose lead time is `minutes`. */
export interface EndingSoonStage {
  minutes: number;
  auctionId: string;
}

/**
 * The stage's key, `<minutes>-<auctionId>`: DeadlineJobs keeps one job per key, so each stage is
 * its own job, and the key travels in the job's data.
 */
export const stageKey = (minutes: number, auctionId: string) => `${minutes}-${auctionId}`;

/** The stage a key names, or null for anything else (a job of the one-stage reminder before the lead times). */
export function parseStageKey(key: string): EndingSoonStage | null {
  const dash = key.indexOf('-');
  const minutes = Number(key.slice(0, dash));
  if (dash < 0 || !(ENDING_SOON_LEAD_MINUTES as readonly number[]).includes(minutes)) return null;
  return { minutes, auctionId: key.slice(dash + 1) };
}

/** Stable job id, `ending-soon-<minutes>-<auctionId>`: adding it twice is a no-op, a moved end re-times it. */
export const endingSoonJobId = (minutes: number, auctionId: string) => `ending-soon-${stageKey(minutes, auctionId)}`;
