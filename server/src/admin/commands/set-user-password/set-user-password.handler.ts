import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PasswordService, TokenService } from '../../../auth';
import { AppException } from '../../../common/errors/app.exception';
import { AccountStore } from '../../../users';
import { SetUserPasswordCommand } from './set-user-password.command';

/**
 * argon2id through the auth module's PasswordService; the token version is bumped in the same
 * statement, so the member's existing tokens die with the old password (and their open sockets close). Deleted members are 404.
 */
@CommandHandler(SetUserPasswordCommand)
export class SetUserPasswordHandler implements ICommandHandler<SetUserPasswordCommand, void> {
  constructor(
    private readonly store: AccountStore,
    private readonly passwords: PasswordService,
    private readonly tokens: TokenService,
  ) {}

  async execute({ userId, newPassword }: SetUserPasswordCommand): Promise<void> {
    const hash = await this.passwords.hash(newPassword);
    if (!(await this.store.setPasswordByOperator(userId, hash))) throw new AppException('USER_NOT_FOUND');
    this.tokens.sessionsEnded(userId);
  }
}
