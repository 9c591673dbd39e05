import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthSuccess } from '@mazad/contracts';
import { AppException } from '../../../common/errors/app.exception';
import { type LimitKey, RateLimitService } from '../../../infrastructure/rate-limit/rate-limit.service';
import { AccountStore, toUser } from '../../../users';
import { AccountsService } from '../../accounts/accounts.service';
import { AUTH_MESSAGES } from '../../auth.messages';
import { CodeSendThrottle } from '../../codes/code-send-throttle.service';
import { VerificationCodeService } from '../../codes/verification-code.service';
import { TokenService } from '../../core/token.service';
import { VerifyAccountCommand } from './verify-account.command';

/** What the code store answers for a code that does not open the account. */
const CODE_REFUSALS = new Set(['OTP_INVALID', 'OTP_TOO_MANY_ATTEMPTS', 'OTP_EXPIRED']);

/**
 * One verification code per account, whatever channel carried it. A wrong code, a burnt one,
 * an expired or absent one and an unknown account all get the same 400 OTP_REJECTED (same
 * body, no attemptsLeft), so the answer never tells whether an account has a live code. Each
 * check is counted before it runs, per IP (30) and per identifier (10, known or not) in 15
 * minutes (RateLimitService.attempt: a right code gives its point back); the code itself still
 * dies after 5 wrong tries.
 */
@CommandHandler(VerifyAccountCommand)
export class VerifyAccountHandler implements ICommandHandler<VerifyAccountCommand> {
  constructor(
    private readonly accounts: AccountsService,
    private readonly store: AccountStore,
    private readonly codes: VerificationCodeService,
    private readonly tokens: TokenService,
    private readonly rateLimits: RateLimitService,
    private readonly throttle: CodeSendThrottle,
  ) {}

  async execute({ account, code, ip }: VerifyAccountCommand): Promise<AuthSuccess> {
    // An identifier's counter is named after its HMAC: during a JWT_SECRET rotation the checks
    // counted under the previous secret's name still count (CodeSendThrottle.identifierKeys).
    const [subjectKey, ...formerKeys] =
      'userId' in account
        ? [`id:${account.userId}`]
        : this.throttle.identifierKeys(account.identifier).map((name) => `to:${name}`);
    const limits: LimitKey[] = [
      ['code-checks-ip', ip],
      ['code-checks-identifier', subjectKey, formerKeys],
    ];
    const user = await this.rateLimits.attempt(limits, async () => {
      const found =
        'userId' in account
          ? await this.accounts.findById(account.userId)
          : await this.accounts.findByIdentifier(account.identifier);
      if (!found) throw new AppException('OTP_REJECTED');
      try {
        await this.codes.check('verify', found.id, code);
      } catch (err) {
        if (err instanceof AppException && CODE_REFUSALS.has(err.code)) throw new AppException('OTP_REJECTED');
        throw err;
      }
      return found;
    });
    if (!user.isVerified) {
      await this.store.markVerified(user.id);
      user.isVerified = true;
    }
    return { success: true, message: AUTH_MESSAGES.verified, token: this.tokens.sign(user), user: toUser(user) };
  }
}
