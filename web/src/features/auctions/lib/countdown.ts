/** Countdown text and colours (R-COUNTDOWN). */
import { formatTimeLeft } from '@/lib/format';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type UrgencyColour = 'ended' | 'red' | 'orange' | 'yellow' | 'normal';

/** Red under 5 minutes, orange under 15, yellow under an hour. */
export function countdownColour(remainingMs: number): UrgencyColour {
  if (remainingMs <= 0) return 'ended';
  if (remainingMs < 5 * MINUTE) return 'red';
  if (remainingMs < 15 * MINUTE) return 'orange';
  if (remainingMs < HOUR) return 'yellow';
  return 'normal';
}

/** The card's progress bar measures the time left against 24 hours. */
export const PROGRESS_BASIS_MS = DAY;

/** Percentage of time left, 0 to 100. */
export function progressPercent(remainingMs: number, basisMs: number = PROGRESS_BASIS_MS): number {
  if (!(basisMs > 0) || remainingMs <= 0) return 0;
  return Math.min(100, (remainingMs / basisMs) * 100);
}

/** Progress colours change at 50, 25 and 10 percent left. */
export function progressColour(percentLeft: number): Exclude<UrgencyColour, 'ended'> {
  if (percentLeft <= 10) return 'red';
  if (percentLeft <= 25) return 'orange';
  if (percentLeft <= 50) return 'yellow';
  return 'normal';
}

export const AUCTION_ENDED_TEXT = 'انتهى المزاد';

/** `5 أيام و13 ساعة`, `03:04:05` in the last day, or `انتهى المزاد` (R-COUNTDOWN). Latin digits. */
export function formatRemaining(remainingMs: number): string {
  return formatTimeLeft(remainingMs, AUCTION_ENDED_TEXT);
}
