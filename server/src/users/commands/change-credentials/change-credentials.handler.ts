import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EmailChangeService, PasswordService, TokenService } from '../../../auth';
import { AppException } from '../../../common/errors/app.exception';
import { RateLimitService } from '../../../infrastructure/rate-limit/rate-limit.service';
import { UserEntity } from '../../entities/user.entity';
import { AccountStore } from '../../store/account-store';
import { toUser } from '../../user.presenter';
import { ChangeCredentialsCommand, ChangeCredentialsResultData } from './change-credentials.command';

/**
 * Changes the password and/or asks for a new email. Rules: something must actually change
 * (400 NOTHING_TO_CHANGE); the current password must match (400 CURRENT_PASSWORD_WRONG: the
 * session is valid, only a form field is wrong, so not 401), checked under the
 * `credential-checks-member` limit, counted before the argon2 verification (10 wrong per
 * 15 minutes, then 429 CREDENTIALS_RATE_LIMITED whatever the concurrency); a new email is
 * only applied once the code sent to it is confirmed (EmailChangeService: limited per member,
 * the old address is told, and the answer is the same whether or not the address is taken). A new password is stored with argon2id and
 * bumps the token version, which retires every older token and closes the member's sockets;
 * the answer carries a fresh token.
 */
@CommandHandler(ChangeCredentialsCommand)
export class ChangeCredentialsHandler implements ICommandHandler<
  ChangeCredentialsCommand,
  ChangeCredentialsResultData
> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly tokens: TokenService,
    private readonly passwords: PasswordService,
    private readonly emailChange: EmailChangeService,
    private readonly rateLimits: RateLimitService,
    private readonly store: AccountStore,
  ) {}

  async execute({
    actor,
    currentPassword,
    email,
    newPassword,
  }: ChangeCredentialsCommand): Promise<ChangeCredentialsResultData> {
    const repo = this.db.getRepository(UserEntity);
    const wantedEmail = email?.trim().toLowerCase() || undefined;
    const user = await repo
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('u.id = :id', { id: actor.id })
      .getOne();
    if (!user) throw new AppException('USER_NOT_FOUND');

    const emailChanged = wantedEmail !== undefined && wantedEmail !== user.email;
    const passwordChanged = typeof newPassword === 'string' && newPassword.length > 0;
    if (!emailChanged && !passwordChanged) throw new AppException('NOTHING_TO_CHANGE');

    await this.rateLimits.attempt([['credential-checks-member', actor.id]], async () => {
      if (!(await this.passwords.verify(user.passwordHash, currentPassword))) {
        throw new AppException('CURRENT_PASSWORD_WRONG');
      }
    });

    // First the email (it may still be refused: rate, cooldown, delivery), then the password.
    if (emailChanged) await this.emailChange.request(user, wantedEmail);
    if (passwordChanged) {
      await this.store.changePassword(this.db, user.id, await this.passwords.hash(newPassword));
      this.tokens.sessionsEnded(user.id);
    }

    const updated = await repo.findOneByOrFail({ id: user.id });
    return {
      user: toUser(updated),
      token: this.tokens.sign(updated, { adminSession: actor.adminSession }),
      emailChanged: false,
      passwordChanged,
      pendingEmail: emailChanged ? wantedEmail : undefined,
    };
  }
}
