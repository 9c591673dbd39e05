import { ENDING_SOON_LEAD_MINUTES } from '@mazad/contracts';
import { jobIdOf, QUEUES } from '../../infrastructure/queues/queue-registry';

/**
 * BullMQ queue of delayed "this auction ends soon" jobs: one per open auction and lead time (a
 * stage), each under a stable id (QUEUES.endingSoon).
 */
export const ENDING_SOON_QUEUE = QUEUES.endingSoon.name;

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
export const endingSoonJobId = (minutes: number, auctionId: string) =>
  jobIdOf(QUEUES.endingSoon.jobId, stageKey(minutes, auctionId));
