/**
 * The client's side of AUCTION_BUSY: when an auction's queue is past what the server answers in
 * time, it refuses at once — HTTP 503 with `Retry-After`, the socket acknowledgement the same
 * body, `{ statusCode: 503, code: 'AUCTION_BUSY', message, error, retryAfter }` (seconds) — and
 * nothing was applied. The web app sends the SAME request again under the SAME idempotency key
 * (so it is applied at most once whatever happened), after a delay with full jitter: refused
 * members do not come back in step and refuse each other again. A live auction moves in
 * seconds, so the wait is capped near a second and the member is told after a few attempts.
 */
import { ApiError } from '@/lib/api-client';

/** Attempts in all (the first included) before the member sees the busy error. */
export const BUSY_ATTEMPTS = 3;
/** The longest wait before a retry, whatever `retryAfter` says: the auction does not wait. */
export const BUSY_DELAY_CAP_MS = 1_000;
/** The wait's ceiling when the answer names none (or names none usable). */
const DEFAULT_RETRY_AFTER_MS = 1_000;

/** Shown (aria-live) near the button while a bid is sent again. */
export const BID_BUSY_RETRY_MESSAGE = 'المزاد مزدحم الآن، نعيد إرسال مزايدتك…';
/** The same for a purchase or a maximum. */
export const ACTION_BUSY_RETRY_MESSAGE = 'المزاد مزدحم الآن، نعيد إرسال طلبك…';

export function isAuctionBusy(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'AUCTION_BUSY';
}

/**
 * How long to wait before the next attempt: full jitter, uniformly in [0, ceiling), where the
 * ceiling is the server's `retryAfter` capped at BUSY_DELAY_CAP_MS.
 */
export function busyDelayMs(error: ApiError, random: () => number = Math.random): number {
  const retryAfter = Number(error.body?.retryAfter);
  const ceiling = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1_000 : DEFAULT_RETRY_AFTER_MS;
  return Math.floor(random() * Math.min(BUSY_DELAY_CAP_MS, ceiling));
}

/**
 * Runs `attempt` until it settles otherwise than AUCTION_BUSY, at most BUSY_ATTEMPTS times;
 * `onRetry` is told before each wait (the caller shows that it sends again). The last busy
 * answer is thrown as it came.
 */
export async function retryWhenBusy<T>(attempt: () => Promise<T>, onRetry?: () => void): Promise<T> {
  for (let made = 1; ; made++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isAuctionBusy(error) || made >= BUSY_ATTEMPTS) throw error;
      onRetry?.();
      await new Promise((resolve) => setTimeout(resolve, busyDelayMs(error)));
    }
  }
}
