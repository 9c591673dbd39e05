import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditLog } from '../../../audit';
import { PasswordService, TokenService } from '../../../auth';
import { AppException } from '../../../common/errors/app.exception';
import { AccountStore } from '../../../users';
import { SetUserPasswordCommand } from './set-user-password.command';

/**
 * argon2id through the auth module's PasswordService; the token version is bumped in the same
 * statement, so the member's existing tokens die with the old password (and their open sockets close). Deleted members are 404.
 * The audit entry, in the same transaction, says the password changed and nothing of it (R-AUDIT-LOG).
 */
@CommandHandler(SetUserPasswordCommand)
export class SetUserPasswordHandler implements ICommandHandler<SetUserPasswordCommand, void> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly store: AccountStore,
    private readonly passwords: PasswordService,
    private readonly tokens: TokenService,
  ) {}

  async execute({ userId, newPassword, actorId }: SetUserPasswordCommand): Promise<void> {
    const hash = await this.passwords.hash(newPassword);
    await this.db.transaction(async (m) => {
      if (!(await this.store.setPasswordByOperator(m, userId, hash))) throw new AppException('USER_NOT_FOUND');
      await AuditLog.record(m, {
        actorId,
        action: 'user.set_password',
        target: { type: 'user', id: userId },
        after: { password: true },
      });
    });
    this.tokens.sessionsEnded(userId);
  }
}
