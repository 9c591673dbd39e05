import { Injectable } from '@nestjs/common';
import type { ErrorCode } from '@mazad/contracts';
import { AppException } from '../../common/errors/app.exception';
import { RateLimitService } from '../../infrastructure/rate-limit/rate-limit.service';
import type { UserEntity } from '../../users/entities/user.entity';
import { PasswordService } from '../passwords/password.service';
import { AccountsService } from './accounts.service';
import { normalizeEmail } from './identifiers';

/**
 * Email + password checks for member and admin login, under the failed-login limits
 * (10 per 15 minutes per email and per IP). Each attempt is counted atomically before the
 * argon2 verification and given back when it succeeds (RateLimitService.attempt), so however
 * many requests race, no more than 10 verifications run per window; the next attempt is
 * refused with 429 LOGIN_RATE_LIMITED, even with the right password.
 */
@Injectable()
export class CredentialsService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly passwords: PasswordService,
    private readonly rateLimits: RateLimitService,
  ) {}

  /**
   * The account when the password is right and `accept` agrees (admin login: an admin and the
   * panel password); otherwise the attempt stays counted and 401 `failure` is thrown.
   */
  authenticate(
    email: string,
    password: string,
    ip: string,
    failure: ErrorCode,
    accept: (user: UserEntity) => boolean = () => true,
  ): Promise<UserEntity> {
    const normalized = normalizeEmail(email);
    const limits = [
      ['login-failures-email', normalized],
      ['login-failures-ip', ip],
    ] as const;
    return this.rateLimits.attempt(limits, async () => {
      const user = await this.accounts.findByEmailWithPassword(normalized);
      // Unknown emails are checked against a dummy hash: same answer, similar time.
      const ok = await this.passwords.verify(user?.passwordHash, password);
      if (!user || !ok || !accept(user)) throw new AppException(failure);
      return user;
    });
  }
}
