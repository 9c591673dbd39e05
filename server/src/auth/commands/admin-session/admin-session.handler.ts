import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthSuccess } from '@mazad/contracts';
import { AppException } from '../../../common/errors/app.exception';
import { AppConfig } from '../../../config/app-config';
import { type LimitKey, RateLimitService } from '../../../infrastructure/rate-limit/rate-limit.service';
import { toUser } from '../../../users';
import { AccountsService } from '../../accounts/accounts.service';
import { AUTH_MESSAGES } from '../../auth.messages';
import { TokenService } from '../../core/token.service';
import { secretsEqual } from '../admin-login/admin-login.handler';
import { AdminSessionCommand } from './admin-session.command';

/**
 * An admin signed in on the site opens the console with the panel password alone: the member
 * token stands for the e-mail and password. The same rules as admin login: ADMIN_PANEL_PASSWORD
 * configured (else 403 ADMIN_LOGIN_DISABLED), an admin account (read again, not from the token)
 * and the right panel password, any wrong part the same 401 ADMIN_LOGIN_FAILED. Each attempt
 * counts against admin login's failed-login limits before the comparison (10 per 15 minutes for
 * the address, 100 for the account; 429 LOGIN_RATE_LIMITED), so a stolen member token gives no
 * faster way to guess the panel password.
 */
@CommandHandler(AdminSessionCommand)
export class AdminSessionHandler implements ICommandHandler<AdminSessionCommand> {
  constructor(
    private readonly config: AppConfig,
    private readonly accounts: AccountsService,
    private readonly rateLimits: RateLimitService,
    private readonly tokens: TokenService,
  ) {}

  async execute({ user, adminPassword, ip }: AdminSessionCommand): Promise<AuthSuccess> {
    const panelPassword = this.config.adminPanelPassword;
    if (!panelPassword) throw new AppException('ADMIN_LOGIN_DISABLED');
    const account = await this.accounts.findById(user.id);
    if (!account) throw new AppException('ADMIN_LOGIN_FAILED');
    const limits: LimitKey[] = [
      ['login-failures-ip', ip],
      ['login-failures-email', account.email],
    ];
    await this.rateLimits.attempt(limits, async () => {
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
