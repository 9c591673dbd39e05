import { AppException } from '../../common/errors/app.exception';

/** The caller as known to guards and handlers (request.user). */
export interface AuthUser {
  id: string;
  name: string;
  isAdmin: boolean;
  isVerified: boolean;
  /** True only for tokens from admin login (with the panel password); the admin API needs it. */
  adminSession: boolean;
}

/** JWT claims: subject, token version (see UserEntity.tokenVersion), admin session flag. */
export interface TokenClaims {
  sub: string;
  tv: number;
  adm?: boolean;
}

/**
 * The verified-member rule, in one place: bidding, buying now, creating auctions and uploading
 * their images need a verified account (403 ACCOUNT_NOT_VERIFIED), whatever the entry point.
 */
export function assertVerified(user: AuthUser): void {
  if (!user.isVerified) throw new AppException('ACCOUNT_NOT_VERIFIED');
}
