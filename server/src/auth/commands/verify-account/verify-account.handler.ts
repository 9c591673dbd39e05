import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthSuccess } from '@mazad/contracts';
import { AppException } from '../../../common/errors/app.exception';
import { RateLimitService } from '../../../infrastructure/rate-limit/rate-limit.service';
import { toUser } from '../../../users';
import { AccountsService } from '../../accounts/accounts.service';
import { AUTH_MESSAGES } from '../../auth.messages';
import { VerificationCodeService } from '../../codes/verification-code.service';
import { TokenService } from '../../core/token.service';
import { VerifyAccountCommand } from './verify-account.command';

/**
 * One verification code per account, whatever channel carried it. Code checks are limited
 * per IP (30 per 15 minutes); the code itself allows 5 tries. An unknown account answers
 * like an account without a live code (400 OTP_EXPIRED).
 */
@CommandHandler(VerifyAccountCommand)
export class VerifyAccountHandler implements ICommandHandler<VerifyAccountCommand> {
  constructor(
    private readonly accounts: AccountsService,
    private readonly codes: VerificationCodeService,
    private readonly tokens: TokenService,
    private readonly rateLimits: RateLimitService,
  ) {}

  async execute({ account, code, ip }: VerifyAccountCommand): Promise<AuthSuccess> {
    await this.rateLimits.consume('code-checks-ip', ip);
    const user =
      'userId' in account
        ? await this.accounts.findById(account.userId)
        : await this.accounts.findByIdentifier(account.identifier);
    if (!user) throw new AppException('OTP_EXPIRED');
    await this.codes.check('verify', user.id, code);
    if (!user.isVerified) {
      await this.accounts.markVerified(user.id);
      user.isVerified = true;
    }
    return { success: true, message: AUTH_MESSAGES.verified, token: this.tokens.sign(user), user: toUser(user) };
  }
}
