import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { UserEntity } from '../../users/entities/user.entity';
import { isEmailIdentifier, normalizeEmail, PHONE_MATCH_DIGITS, phoneSuffix } from './identifiers';

export interface NewAccount {
  name: string;
  email: string;
  phone: string;
  location: string;
  passwordHash: string;
  /** How the account came to be (shown in the console); the column's default when absent. */
  registrationSource?: string;
  /** Made by an operator for a load test (`users.load_test`): exempt from the rate limits. */
  loadTest?: boolean;
}

/** PostgreSQL error code for a unique violation. */
const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(err: unknown): boolean {
  return (
    (err as { code?: string; driverError?: { code?: string } })?.code === UNIQUE_VIOLATION ||
    (err as { driverError?: { code?: string } })?.driverError?.code === UNIQUE_VIOLATION
  );
}

/** The reads and writes of `users` that the account flows need. */
@Injectable()
export class AccountsService {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOne({ where: { id } });
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findOne({ where: { email: normalizeEmail(email) } });
  }

  /** With the password hash (which is never selected otherwise). */
  findByEmailWithPassword(email: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('u.email = :email', { email: normalizeEmail(email) })
      .getOne();
  }

  /**
   * An account by email, or by phone when exactly one account has that phone (compared on
   * the last 9 digits). Null when nothing or several match.
   */
  async findByIdentifier(identifier: string): Promise<UserEntity | null> {
    if (isEmailIdentifier(identifier)) return this.findByEmail(identifier);
    const suffix = phoneSuffix(identifier);
    if (!suffix) return null;
    const matches = await this.users
      .createQueryBuilder('u')
      .where(`right(regexp_replace(u.phone, '[^0-9]', '', 'g'), ${PHONE_MATCH_DIGITS}) = :suffix`, { suffix })
      .limit(2)
      .getMany();
    return matches.length === 1 ? matches[0] : null;
  }

  async emailExists(email: string): Promise<boolean> {
    return this.users.exists({ where: { email: normalizeEmail(email) } });
  }

  /** Inserts an unverified member; a taken email surfaces as a unique violation (see isUniqueViolation). */
  async create(account: NewAccount): Promise<UserEntity> {
    const saved = await this.users.save(
      this.users.create({ ...account, email: normalizeEmail(account.email), isVerified: false, isAdmin: false }),
    );
    return (await this.findById(saved.id))!;
  }

  async markVerified(id: string): Promise<void> {
    await this.users.update({ id }, { isVerified: true });
  }

  /** Retires every token of the account (logout everywhere). */
  async bumpTokenVersion(id: string): Promise<void> {
    await this.users.update({ id }, { tokenVersion: () => 'token_version + 1' });
  }

  /**
   * New password: retires every token; proves control of the email, so it verifies the
   * account as well. False when there is no live account: a deleted one keeps its tombstone
   * (a code issued before the deletion must not bring it back to life).
   */
  async setPassword(id: string, passwordHash: string): Promise<boolean> {
    const { affected } = await this.users.update(
      { id, deletedAt: IsNull() },
      { passwordHash, isVerified: true, tokenVersion: () => 'token_version + 1' },
    );
    return affected === 1;
  }

  /** A confirmed new email (a unique violation if another account took it meanwhile). */
  async setEmail(id: string, email: string): Promise<void> {
    await this.users.update({ id }, { email: normalizeEmail(email) });
  }

  async telegramChatId(id: string): Promise<string | null> {
    const row = await this.users.findOne({ where: { id }, select: { id: true, telegramChatId: true } });
    return row?.telegramChatId ?? null;
  }

  async setTelegramChatId(id: string, chatId: string): Promise<void> {
    await this.users.update({ id }, { telegramChatId: chatId });
  }
}
