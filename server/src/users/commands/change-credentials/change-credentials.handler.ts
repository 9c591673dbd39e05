import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import * as argon2 from 'argon2';
import { DataSource, QueryFailedError } from 'typeorm';
import { TokenService } from '../../../auth';
import { AppException, tooManyRequests } from '../../../common/errors/app.exception';
import { AppConfig } from '../../../config/app-config';
import { RedisService } from '../../../infrastructure/redis/redis.service';
import { UserEntity } from '../../entities/user.entity';
import { toUser } from '../../user.presenter';
import { ChangeCredentialsCommand, ChangeCredentialsResultData } from './change-credentials.command';

/** Wrong current passwords allowed per account in the window before 429 (a stolen token must not brute-force it). */
export const CREDENTIAL_FAILURES_MAX = 10;
export const CREDENTIAL_FAILURES_WINDOW_SECONDS = 15 * 60;

const UNIQUE_VIOLATION = '23505';

/**
 * Changes email and/or password. Rules: the current password must match (400
 * CURRENT_PASSWORD_WRONG: the session is valid, only a form field is wrong, so not 401);
 * something must actually change (400 NOTHING_TO_CHANGE); a new email must be free (409
 * EMAIL_TAKEN). A new password is stored with argon2id and bumps the token version, which
 * retires every token issued before; the answer carries a fresh one.
 */
@CommandHandler(ChangeCredentialsCommand)
export class ChangeCredentialsHandler implements ICommandHandler<
  ChangeCredentialsCommand,
  ChangeCredentialsResultData
> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly tokens: TokenService,
    private readonly redis: RedisService,
    private readonly config: AppConfig,
  ) {}

  async execute({
    actor,
    currentPassword,
    email,
    newPassword,
  }: ChangeCredentialsCommand): Promise<ChangeCredentialsResultData> {
    await this.refuseWhileLockedOut(actor.id);
    const wantedEmail = email?.trim().toLowerCase() || undefined;

    const result = await this.db
      .transaction(async (m) => {
        const repo = m.getRepository(UserEntity);
        const user = await repo
          .createQueryBuilder('u')
          .addSelect('u.passwordHash')
          .where('u.id = :id', { id: actor.id })
          .setLock('pessimistic_write')
          .getOne();
        if (!user) throw new AppException('USER_NOT_FOUND');

        const emailChanged = wantedEmail !== undefined && wantedEmail !== user.email;
        const passwordChanged = typeof newPassword === 'string' && newPassword.length > 0;
        if (!emailChanged && !passwordChanged) throw new AppException('NOTHING_TO_CHANGE');

        if (!(await argon2.verify(user.passwordHash, currentPassword).catch(() => false))) {
          await this.recordFailure(actor.id);
          throw new AppException('CURRENT_PASSWORD_WRONG');
        }

        if (emailChanged) {
          const taken = await repo
            .createQueryBuilder('u')
            .where('u.email = :email AND u.id <> :id', { email: wantedEmail, id: user.id })
            .getExists();
          if (taken) throw new AppException('EMAIL_TAKEN');
        }

        await repo.update(
          { id: user.id },
          {
            ...(emailChanged ? { email: wantedEmail } : {}),
            ...(passwordChanged
              ? {
                  passwordHash: await argon2.hash(newPassword, { type: argon2.argon2id }),
                  tokenVersion: () => 'token_version + 1',
                }
              : {}),
          },
        );
        const updated = await repo.findOneByOrFail({ id: user.id });
        return { updated, emailChanged, passwordChanged };
      })
      .catch((err: unknown) => {
        // Two accounts racing for the same new email: the unique index decides.
        if (err instanceof QueryFailedError && (err.driverError as { code?: string })?.code === UNIQUE_VIOLATION) {
          throw new AppException('EMAIL_TAKEN');
        }
        throw err;
      });

    await this.redis.client.del(this.failuresKey(actor.id));
    return {
      user: toUser(result.updated),
      token: this.tokens.sign(result.updated, { adminSession: actor.adminSession }),
      emailChanged: result.emailChanged,
      passwordChanged: result.passwordChanged,
    };
  }

  private failuresKey(userId: string) {
    return this.redis.key('credentials-failures', userId);
  }

  private async refuseWhileLockedOut(userId: string) {
    if (!this.config.rateLimitsEnabled) return;
    const key = this.failuresKey(userId);
    const failures = Number(await this.redis.client.get(key)) || 0;
    if (failures >= CREDENTIAL_FAILURES_MAX) {
      const ttl = await this.redis.client.ttl(key);
      throw tooManyRequests('CREDENTIALS_RATE_LIMITED', ttl > 0 ? ttl : CREDENTIAL_FAILURES_WINDOW_SECONDS);
    }
  }

  private async recordFailure(userId: string) {
    if (!this.config.rateLimitsEnabled) return;
    const key = this.failuresKey(userId);
    // The window starts at the first failure (NX), so repeated failures cannot extend it forever.
    await this.redis.client.multi().incr(key).expire(key, CREDENTIAL_FAILURES_WINDOW_SECONDS, 'NX').exec();
  }
}
