import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { MessageResult } from '@mazad/contracts';
import { AppException } from '../../../common/errors/app.exception';
import { RateLimitService } from '../../../infrastructure/rate-limit/rate-limit.service';
import { AccountStore } from '../../../users';
import { AUTH_MESSAGES } from '../../auth.messages';
import { VerificationCodeService } from '../../codes/verification-code.service';
import { TokenService } from '../../core/token.service';
import { PasswordService } from '../../passwords/password.service';
import { ResetPasswordCommand } from './reset-password.command';

/**
 * 20 requests per 15 minutes per IP. The code under the handle is checked (OTP_INVALID with
 * attemptsLeft, OTP_TOO_MANY_ATTEMPTS, OTP_EXPIRED) and used up; the new argon2id hash is
 * stored on a live account only (a deleted one: OTP_EXPIRED, as an unknown email's) and the token version bumped, so every older token stops working and the
 * member's open sockets are closed.
 */
@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand> {
  constructor(
    private readonly store: AccountStore,
    private readonly codes: VerificationCodeService,
    private readonly passwords: PasswordService,
    private readonly rateLimits: RateLimitService,
    private readonly tokens: TokenService,
  ) {}

  async execute({ handle, code, password, ip }: ResetPasswordCommand): Promise<MessageResult> {
    await this.rateLimits.consume('password-resets-ip', ip);
    const userId = await this.codes.check('reset', handle, code);
    // An unknown email's code is never sent; guessing it still changes nothing. An account
    // deleted since the code was sent answers the same as an unknown one.
    if (!userId || !(await this.store.resetPassword(userId, await this.passwords.hash(password)))) {
      throw new AppException('OTP_EXPIRED');
    }
    this.tokens.sessionsEnded(userId);
    return { success: true, message: AUTH_MESSAGES.passwordReset };
  }
}
