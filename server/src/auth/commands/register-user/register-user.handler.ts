import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { RegisterResult } from '@mazad/contracts';
import { AppException } from '../../../common/errors/app.exception';
import { RateLimitService } from '../../../infrastructure/rate-limit/rate-limit.service';
import { AccountStore, toUser } from '../../../users';
import { AccountsService, isUniqueViolation } from '../../accounts/accounts.service';
import { normalizeEmail } from '../../accounts/identifiers';
import { AUTH_MESSAGES } from '../../auth.messages';
import { ChallengeService } from '../../challenges/challenge.service';
import { PasswordService } from '../../passwords/password.service';
import { RegisterUserCommand } from './register-user.command';

/**
 * Registration: 100 per hour per IP; the arithmetic challenge must be solved (single use);
 * a taken email is 409 EMAIL_TAKEN with redirectToReset. The account starts unverified and
 * no token is issued: the member verifies with a code after logging in.
 */
@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand> {
  constructor(
    private readonly accounts: AccountsService,
    private readonly store: AccountStore,
    private readonly passwords: PasswordService,
    private readonly challenges: ChallengeService,
    private readonly rateLimits: RateLimitService,
  ) {}

  async execute({ input, ip }: RegisterUserCommand): Promise<RegisterResult> {
    await this.rateLimits.consume('registrations-ip', ip);
    if (!(await this.challenges.solve(input.challengeId, input.challengeAnswer)))
      throw new AppException('CHALLENGE_INVALID');
    const emailTaken = () => new AppException('EMAIL_TAKEN', { redirectToReset: true });
    if (await this.accounts.emailExists(input.email)) throw emailTaken();
    const passwordHash = await this.passwords.hash(input.password);
    try {
      const id = await this.store.createMember({
        name: input.name,
        email: normalizeEmail(input.email),
        phone: input.phone,
        location: input.location,
        passwordHash,
      });
      const user = (await this.accounts.findById(id))!;
      return { success: true, message: AUTH_MESSAGES.registered, user: toUser(user) };
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
  }
}
