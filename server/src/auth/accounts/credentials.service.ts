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
 * (10 per 15 minutes per email and per IP: the 11th attempt is refused with 429
 * LOGIN_RATE_LIMITED, even with the right password).
 */
@Injectable()
export class CredentialsService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly passwords: PasswordService,
    private readonly rateLimits: RateLimitService,
  ) {}

  /** The account when the password is right; otherwise counts a failure and throws 401 `failure`. */
  async authenticate(email: string, password: string, ip: string, failure: ErrorCode): Promise<UserEntity> {
    const normalized = normalizeEmail(email);
    await this.rateLimits.assertAvailable('login-failures-email', normalized);
    await this.rateLimits.assertAvailable('login-failures-ip', ip);
    const user = await this.accounts.findByEmailWithPassword(normalized);
    // Unknown emails are checked against a dummy hash: same answer, similar time.
    const ok = await this.passwords.verify(user?.passwordHash, password);
    if (!user || !ok) throw await this.failed(normalized, ip, failure);
    return user;
  }

  /** Counts a failed login and returns the 401 to throw. */
  async failed(email: string, ip: string, failure: ErrorCode) {
    await Promise.all([
      this.rateLimits.penalize('login-failures-email', normalizeEmail(email)),
      this.rateLimits.penalize('login-failures-ip', ip),
    ]);
    return new AppException(failure);
  }
}
