import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthSuccess } from '@mazad/contracts';
import { AppException } from '../../../common/errors/app.exception';
import { secretsEqual } from '../../../common/crypto/secrets-equal';
import { AppConfig } from '../../../config/app-config';
import { toUser } from '../../../users';
import { CredentialsService } from '../../accounts/credentials.service';
import { AUTH_MESSAGES } from '../../auth.messages';
import { TokenService } from '../../core/token.service';
import { AdminLoginCommand } from './admin-login.command';

/**
 * Needs ADMIN_PANEL_PASSWORD configured (else 403 ADMIN_LOGIN_DISABLED), the right account
 * password, an admin account and the right panel password. Any wrong part is the same 401
 * ADMIN_LOGIN_FAILED and counts as a failed login. The token carries the admin-session flag
 * that the admin API requires.
 */
@CommandHandler(AdminLoginCommand)
export class AdminLoginHandler implements ICommandHandler<AdminLoginCommand> {
  constructor(
    private readonly config: AppConfig,
    private readonly credentials: CredentialsService,
    private readonly tokens: TokenService,
  ) {}

  async execute({ email, password, adminPassword, ip }: AdminLoginCommand): Promise<AuthSuccess> {
    const panelPassword = this.config.adminPanelPassword;
    if (!panelPassword) throw new AppException('ADMIN_LOGIN_DISABLED');
    // The panel password and the admin flag are part of the same counted attempt.
    const user = await this.credentials.authenticate(
      email,
      password,
      ip,
      'ADMIN_LOGIN_FAILED',
      (account) => secretsEqual(adminPassword, panelPassword) && account.isAdmin,
    );
    return {
      success: true,
      message: AUTH_MESSAGES.adminLoggedIn,
      token: this.tokens.sign(user, { adminSession: true }),
      user: toUser(user),
    };
  }
}
