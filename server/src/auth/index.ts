/**
 * The public surface of the auth feature: what other features may import (besides its
 * module file, events/*.event.ts and entities/). See server/.dependency-cruiser.cjs.
 */
export { assertVerified, sessionIdOf } from './core/auth-user';
export type { AuthUser, TokenClaims } from './core/auth-user';
export { CurrentUser } from './core/current-user.decorator';
export { AdminGuard, JwtAuthGuard, OptionalJwtAuthGuard } from './core/guards';
export { TokenService } from './core/token.service';
export { AccountsService } from './accounts/accounts.service';
export { PasswordService } from './passwords/password.service';
export { EmailChangeService } from './email-change/email-change.service';
export { DerivedKey } from './auth-keys';
