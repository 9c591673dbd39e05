import { Injectable } from '@nestjs/common';
import type { ErrorCode } from '@mazad/contracts';
import { AppException } from '../../common/errors/app.exception';
import { type LimitKey, RateLimitService } from '../../infrastructure/rate-limit/rate-limit.service';
import type { UserEntity } from '../../users/entities/user.entity';
import { PasswordService } from '../passwords/password.service';
import { AccountsService } from './accounts.service';
import { KnownLoginAddresses } from './known-login-addresses';
import { normalizeEmail } from './identifiers';

/**
 * The failed-login rule of every sign-in that ends in a session (member login, console login and
 * the console session of an admin signed in on the site), in one place: 10 failed attempts per
 * 15 minutes per client IP (so also per email from that IP) and, for the email, a ceiling of 100
 * per 15 minutes over every address it has not signed in from before. Each attempt is counted
 * atomically before its check runs and given back when it succeeds (RateLimitService.attempt), so
 * however many requests race, no more checks run per window; the next attempt is refused with
 * 429 LOGIN_RATE_LIMITED, even with the right password. Guesses from elsewhere never lock the
 * owner out of an address they signed in from in the last 30 days (KnownLoginAddresses;
 * docs/adr/0010-login-lockout-per-address.md).
 */
@Injectable()
export class CredentialsService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly passwords: PasswordService,
    private readonly rateLimits: RateLimitService,
    private readonly knownAddresses: KnownLoginAddresses,
  ) {}

  /**
   * The account when the password is right and `accept` agrees (admin login: an admin and the
   * panel password); otherwise the attempt stays counted and 401 `failure` is thrown.
   */
  async authenticate(
    email: string,
    password: string,
    ip: string,
    failure: ErrorCode,
    accept: (user: UserEntity) => boolean = () => true,
  ): Promise<UserEntity> {
    return this.attempt(email, ip, async () => {
      const account = await this.accounts.findByEmailWithPassword(email);
      // Unknown emails are checked against a dummy hash: same answer, similar time.
      const ok = await this.passwords.verify(account?.passwordHash, password);
      if (!account || !ok || !accept(account)) throw new AppException(failure);
      return account;
    });
  }

  /**
   * Runs `check` as one sign-in attempt of `email` from `ip` under the failed-login limits (the
   * email's ceiling only from an address it has not signed in from); a check that throws stays
   * counted. A success makes the address known for the email for another 30 days.
   */
  async attempt<T>(email: string, ip: string, check: () => Promise<T>): Promise<T> {
    const normalized = normalizeEmail(email);
    const limits: LimitKey[] = [['login-failures-ip', ip]];
    if (!(await this.knownAddresses.has(normalized, ip))) limits.push(['login-failures-email', normalized]);
    const result = await this.rateLimits.attempt(limits, check);
    await this.knownAddresses.remember(normalized, ip);
    return result;
  }
}
