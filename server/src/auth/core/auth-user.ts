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
