import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthSuccess } from '@mazad/contracts';
import { AppException } from '../../../common/errors/app.exception';
import { secretsEqual } from '../../../common/crypto/secrets-equal';
import { AppConfig } from '../../../config/app-config';
import { toUser } from '../../../users';
import { AccountsService } from '../../accounts/accounts.service';
import { CredentialsService } from '../../accounts/credentials.service';
import { AUTH_MESSAGES } from '../../auth.messages';
import { TokenService } from '../../core/token.service';
import { AdminSessionCommand } from './admin-session.command';

/**
 * An admin signed in on the site opens the console with the panel password alone: the member
 * token stands for the e-mail and password. The same rules as admin login: ADMIN_PANEL_PASSWORD
 * configured (else 403 ADMIN_LOGIN_DISABLED), an admin account (read again, not from the token)
 * and the right panel password, any wrong part the same 401 ADMIN_LOGIN_FAILED. Each attempt
 * is one sign-in attempt under admin login's own failed-login rule (CredentialsService.attempt:
 * 10 per 15 minutes for the address, and the account's ceiling of 100 from addresses it never
 * signed in from; 429 LOGIN_RATE_LIMITED) before the comparison, so a stolen member token gives
 * no faster way to guess the panel password, and strangers spending the ceiling elsewhere do not
 * shut the operator out where they sign in (docs/adr/0010-login-lockout-per-address.md).
 */
@CommandHandler(AdminSessionCommand)
export class AdminSessionHandler implements ICommandHandler<AdminSessionCommand> {
  constructor(
    private readonly config: AppConfig,
    private readonly accounts: AccountsService,
    private readonly credentials: CredentialsService,
    private readonly tokens: TokenService,
  ) {}

  async execute({ user, adminPassword, ip }: AdminSessionCommand): Promise<AuthSuccess> {
    const panelPassword = this.config.adminPanelPassword;
    if (!panelPassword) throw new AppException('ADMIN_LOGIN_DISABLED');
    const account = await this.accounts.findById(user.id);
    if (!account) throw new AppException('ADMIN_LOGIN_FAILED');
    await this.credentials.attempt(account.email, ip, async () => {
      if (!account.isAdmin || !secretsEqual(adminPassword, panelPassword)) throw new AppException('ADMIN_LOGIN_FAILED');
    });
    return {
      success: true,
      message: AUTH_MESSAGES.adminLoggedIn,
      token: this.tokens.sign(account, { adminSession: true }),
      user: toUser(account),
    };
  }
}
