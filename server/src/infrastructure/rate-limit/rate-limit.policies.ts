import type { ErrorCode } from '@mazad/contracts';

/** A request-rate rule: at most `points` per `durationSeconds` per key, else 429 `code`. */
export interface RateLimitPolicy {
  points: number;
  durationSeconds: number;
  code: ErrorCode;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Every request-rate limit of the product, in one place (R-RATE-LIMITS, R-ACCOUNT-LOCKOUT,
 * R-BID-RATE). Counters live in Redis, so they hold across replicas. `RATE_LIMITS=off` lifts
 * all of them; the rules of a verification code itself (60 s resend cooldown, 5 tries, 10 min
 * life) are not rate limits and always apply.
 */
export const RATE_LIMIT_POLICIES = {
  /**
   * Failed logins (member and admin login) per email from every address it has not signed in
   * from: a ceiling on guessing spread over many addresses, far above what one address may try,
   * that never stops the owner where they usually sign in (docs/adr/0010-login-lockout-per-address.md).
   */
  'login-failures-email': { points: 100, durationSeconds: 15 * MINUTE, code: 'LOGIN_RATE_LIMITED' },
  /** Failed logins (member and admin login) per client IP, and so per email from that IP: the lock. */
  'login-failures-ip': { points: 10, durationSeconds: 15 * MINUTE, code: 'LOGIN_RATE_LIMITED' },
  /** Wrong current passwords (change-credentials) per member: a stolen token must not brute-force it. */
  'credential-checks-member': { points: 10, durationSeconds: 15 * MINUTE, code: 'CREDENTIALS_RATE_LIMITED' },
  /**
   * E-mail change requests per member (each mails a code or a notice to an address the member
   * chose, and the old address): not a way to send mail to many addresses.
   */
  'email-changes-member': { points: 5, durationSeconds: HOUR, code: 'EMAIL_CHANGE_RATE_LIMITED' },
  /** Registration attempts per client IP. */
  'registrations-ip': { points: 100, durationSeconds: HOUR, code: 'REGISTER_RATE_LIMITED' },
  /** Verification and reset codes sent per identifier (email or phone), every channel together. */
  'code-sends-identifier': { points: 10, durationSeconds: HOUR, code: 'OTP_SEND_LIMIT' },
  /** Account-verification code checks (verify, verify-otp) per client IP. */
  'code-checks-ip': { points: 30, durationSeconds: 15 * MINUTE, code: 'RATE_LIMITED' },
  /** Account-verification code checks per identifier (email, phone or account id), known or not. */
  'code-checks-identifier': { points: 10, durationSeconds: 15 * MINUTE, code: 'RATE_LIMITED' },
  /** Forgot-password and reset-password requests per client IP. */
  'password-resets-ip': { points: 20, durationSeconds: 15 * MINUTE, code: 'RESET_RATE_LIMITED' },
  /** Bids per member (for the bidding module). */
  'bids-member': { points: 60, durationSeconds: MINUTE, code: 'BID_RATE_LIMITED' },
  /** Buy-now attempts per member (each takes the auction's queue and lock, as a bid does). */
  'buy-now-member': { points: 10, durationSeconds: MINUTE, code: 'BUY_NOW_RATE_LIMITED' },
  /**
   * Withdrawals of a maximum per member, every auction together (each takes the auction's queue,
   * lock and queries, as a bid does): a member withdraws after a change of mind, a few times a
   * minute at most; setting one counts as a bid (`bids-member`), so the pair cannot be looped.
   */
  'max-bid-withdrawals-member': { points: 10, durationSeconds: MINUTE, code: 'MAX_BID_WITHDRAW_RATE_LIMITED' },
  /**
   * Bid retractions per member, every auction together, refused or not (each takes the auction's
   * queue and lock, as a bid does): the pace of a few clicks. The product's limit on retractions
   * (R-BID-RETRACT: 3 in 30 days) is not this one: it is counted from their stored record.
   */
  'bid-retractions-member': { points: 10, durationSeconds: MINUTE, code: 'BID_RETRACT_RATE_LIMITED' },
  /** Watchlist saves and unsaves per member (each may reach the auction's room): a click's pace, not a script's. */
  'watches-member': { points: 60, durationSeconds: MINUTE, code: 'WATCH_RATE_LIMITED' },
  /** Blocks and unblocks per member (a block reprices the auctions where the member held a maximum): a click's pace. */
  'blocks-member': { points: 20, durationSeconds: MINUTE, code: 'BLOCK_RATE_LIMITED' },
  /** The bell's reads and marks per member: a page's and a click's pace (several tabs), not a script's. */
  'notifications-member': { points: 120, durationSeconds: MINUTE, code: 'NOTIFICATIONS_RATE_LIMITED' },
  /** Auctions created per member (each one is pushed to every socket). */
  'auctions-member': { points: 10, durationSeconds: 10 * MINUTE, code: 'AUCTION_CREATE_RATE_LIMITED' },
  /** Auctions created per client IP (several accounts behind one address). */
  'auctions-ip': { points: 30, durationSeconds: 10 * MINUTE, code: 'AUCTION_CREATE_RATE_LIMITED' },
  /** Chat messages per member. */
  'messages-member': { points: 30, durationSeconds: MINUTE, code: 'MESSAGE_RATE_LIMITED' },
  /**
   * Anonymous challenges (registration puzzles, each a Redis key for 10 min) per client IP:
   * room for the 100 registrations an hour an address may make, and a few failures.
   */
  'challenges-ip': { points: 120, durationSeconds: HOUR, code: 'CHALLENGE_RATE_LIMITED' },
  /** Image uploads (auction images, profile image, creation with files) per member. */
  'uploads-member': { points: 20, durationSeconds: 10 * MINUTE, code: 'UPLOAD_RATE_LIMITED' },
  /** Image uploads per client IP. */
  'uploads-ip': { points: 60, durationSeconds: 10 * MINUTE, code: 'UPLOAD_RATE_LIMITED' },
  /** Daily upload quota per member: uploaded images (each up to 5 MB) a day. */
  'upload-quota-member': { points: 60, durationSeconds: 24 * HOUR, code: 'UPLOAD_QUOTA_EXCEEDED' },
  /**
   * New Socket.IO connections per client IP (each page load opens one; room for a shared
   * address such as an office or a mobile carrier's NAT, not for a flood).
   */
  'socket-connections-ip': { points: 120, durationSeconds: MINUTE, code: 'SOCKET_RATE_LIMITED' },
  /** Contact-form messages per client IP. */
  'contact-ip': { points: 5, durationSeconds: 10 * MINUTE, code: 'CONTACT_RATE_LIMITED' },
} as const satisfies Record<string, RateLimitPolicy>;

export type RateLimitPolicyName = keyof typeof RATE_LIMIT_POLICIES;

/** Who a limit counts: a member as the account check knows them (`AuthUser` has this shape). */
export interface RateLimitedMember {
  id: string;
  loadTest?: boolean;
}

/**
 * The one exemption from every request-rate limit: a member an operator created for a load
 * test (`users.load_test`, read from the database with the account on each request, never
 * from anything the client says). Such members exist only on development and load-test
 * deployments (docs/adr/0013-load-test-fixtures-through-the-api.md).
 */
export function exemptFromRateLimits(member: RateLimitedMember | undefined | null): boolean {
  return member?.loadTest === true;
}
