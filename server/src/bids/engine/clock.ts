import type { AuctionBidState } from './bid-writer';

/*
 * The engine's clocks, read here and nowhere else in engine/. Two kinds, on purpose:
 * - the rules' clock (`ruleNow`): the database's `now()`, read in the same statement as the auction
 *   it judges (AuctionBidState.dbNow). Every replica then judges "open", "past its end" and "within
 *   the hour" by the clock the conditional writes re-check (`end_time > now()`), so a replica whose
 *   own clock drifts never accepts what the database would refuse, or refuses what it would accept.
 * - the process's clocks, for durations only, never compared with the database's:
 *   `monotonicNow` (performance.now(): it never jumps back) for admission control — a request's
 *   arrival and deadline, a queue's pace, the event loop's lag — and commit-to-broadcast latency;
 *   `wallNow` (Date.now()) for the lock's turns, counted like the lock's own wait and time to
 *   live (AuctionLockService), and for the wait at shutdown.
 */

/** The moment the rules judge `state` by: the database clock read with it (a missing auction needs none). */
export const ruleNow = (state: AuctionBidState | null): Date | 0 => state?.dbNow ?? 0;

/** Milliseconds on the process's monotonic clock (admission control, latency). */
export const monotonicNow = (): number => performance.now();

/** Milliseconds on the wall clock (the lock's turns). */
export const wallNow = (): number => Date.now();
