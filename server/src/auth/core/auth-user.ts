import { AppException } from '../../common/errors/app.exception';

/** The caller as known to guards and handlers (request.user). */
export interface AuthUser {
  id: string;
  name: string;
  isAdmin: boolean;
  isVerified: boolean;
  /** True only for tokens from admin login (with the panel password); the admin API needs it. */
  adminSession: boolean;
  /**
   * A member an operator created for a load test (`users.load_test`, read with the account on
   * every request): exempt from the request-rate limits. Absent means false.
   */
  loadTest?: boolean;
  /** The token this request came with: its id (the JWT `jti`) and expiry (epoch seconds), for logout. */
  session?: { id: string; expiresAt: number };
}

/**
 * JWT claims: subject, token version (see UserEntity.tokenVersion), admin session flag, the
 * load-test mark, the token's own id (`jti`, for logout's deny list) and the registered `iat` / `exp`.
 */
export interface TokenClaims {
  sub: string;
  tv: number;
  adm?: boolean;
  /**
   * Signed for a member marked for load tests (`users.load_test`). Never an exemption by itself
   * (that is the account's, read from the database): only what tells the socket handshake that a
   * read may be worth it once an address has spent its connections (realtime/redis-io.adapter.ts).
   */
  lt?: boolean;
  jti?: string;
  iat?: number;
  exp?: number;
}

/** The id a token is revoked under: its `jti` (tokens signed before jti existed: subject and issue time). */
export function sessionIdOf(claims: TokenClaims): string {
  return claims.jti ?? `${claims.sub}.${claims.iat ?? 0}`;
}

/**
 * The verified-member rule, in one place: bidding, buying now, creating auctions and uploading
 * their images need a verified account (403 ACCOUNT_NOT_VERIFIED), whatever the entry point.
 */
export function assertVerified(user: AuthUser): void {
  if (!user.isVerified) throw new AppException('ACCOUNT_NOT_VERIFIED');
}
