import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { runSql } from '../../../infrastructure/database/run-sql';
import { PasswordService, TokenService } from '../../../auth';
import { AppException } from '../../../common/errors/app.exception';
import { SetUserPasswordCommand } from './set-user-password.command';

/**
 * argon2id through the auth module's PasswordService; the token version is bumped in the same
 * statement, so the member's existing tokens die with the old password (and their open sockets close). Deleted members are 404.
 */
@CommandHandler(SetUserPasswordCommand)
export class SetUserPasswordHandler implements ICommandHandler<SetUserPasswordCommand, void> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly passwords: PasswordService,
    private readonly tokens: TokenService,
  ) {}

  async execute({ userId, newPassword }: SetUserPasswordCommand): Promise<void> {
    const hash = await this.passwords.hash(newPassword);
    const { affected } = await runSql(
      this.db,
      `UPDATE users SET password_hash = $2, token_version = token_version + 1, updated_at = now()
        WHERE id = $1 AND deleted_at IS NULL`,
      [userId, hash],
    );
    if (!affected) throw new AppException('USER_NOT_FOUND');
    this.tokens.sessionsEnded(userId);
  }
}
