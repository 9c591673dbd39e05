/** Business constants and limits shared by server and clients (their rules: docs/rules.md). */
export const LIMITS = {
  nameMin: 2,
  nameMax: 100,
  passwordMin: 6,
  passwordMax: 128,
  emailMax: 254,
  phoneMax: 30,
  locationMax: 100,
  otpLength: 6,
  otpTtlSeconds: 600,
  otpMaxAttempts: 5,
  otpResendCooldownSeconds: 60,
  otpSendsPerHour: 10,
  challengeTtlSeconds: 600,
  titleMax: 100,
  descriptionMax: 1000,
  minPriceJod: 1,
  /** Highest price (starting, buy-now, bid), JOD: far above any real listing, far below 2^53 fils. */
  maxPriceJod: 100_000_000,
  maxImagesPerAuction: 3,
  imageMaxBytes: 5 * 1024 * 1024,
  messageMax: 2000,
  bannerTextMax: 300,
  bannerLinkMax: 500,
  starsMin: 1,
  starsMax: 5,
  ratingCommentMax: 1000,
  pageLimitDefault: 20,
  pageLimitMax: 100,
  searchMax: 100,
  /** Messages per page of GET /api/messages/auction/{id} (default and most). */
  messagesPageDefault: 50,
  messagesPageMax: 100,
} as const;

/** Phone: digits, plus, minus, spaces and parentheses only. */
export const PHONE_PATTERN = /^[0-9+\-\s()]+$/;
