import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthSuccess, VerificationRequired } from '@mazad/contracts';
import { TokenService } from '../../core/token.service';
import { toUser } from '../../../users';
import { CredentialsService } from '../../accounts/credentials.service';
import { AUTH_MESSAGES } from '../../auth.messages';
import { LoginCommand } from './login.command';

/**
 * Wrong email or password: 401 INVALID_CREDENTIALS (the same for unknown emails), counted
 * against the failed-login limits. Right password on an unverified account: no token, but
 * `requiresVerification` with what the verification screens need.
 */
@CommandHandler(LoginCommand)
export class LoginHandler implements ICommandHandler<LoginCommand> {
  constructor(
    private readonly credentials: CredentialsService,
    private readonly tokens: TokenService,
  ) {}

  async execute({ email, password, ip }: LoginCommand): Promise<AuthSuccess | VerificationRequired> {
    const user = await this.credentials.authenticate(email, password, ip, 'INVALID_CREDENTIALS');
    if (!user.isVerified) {
      return {
        success: false,
        requiresVerification: true,
        message: AUTH_MESSAGES.verificationRequired,
        userData: { userId: user.id, email: user.email, name: user.name, question: AUTH_MESSAGES.verificationQuestion },
      };
    }
    return { success: true, message: AUTH_MESSAGES.loggedIn, token: this.tokens.sign(user), user: toUser(user) };
  }
}
