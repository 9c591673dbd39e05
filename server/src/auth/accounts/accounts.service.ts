import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { UserEntity } from '../../users/entities/user.entity';
import { isEmailIdentifier, normalizeEmail, PHONE_MATCH_DIGITS, phoneSuffix } from './identifiers';

/** PostgreSQL error code for a unique violation. */
const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(err: unknown): boolean {
  return (
    (err as { code?: string; driverError?: { code?: string } })?.code === UNIQUE_VIOLATION ||
    (err as { driverError?: { code?: string } })?.driverError?.code === UNIQUE_VIOLATION
  );
}

/** The reads of `users` that the account flows need (their writes: AccountStore, server/src/users/store/). */
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

  async telegramChatId(id: string): Promise<string | null> {
    const row = await this.users.findOne({ where: { id }, select: { id: true, telegramChatId: true } });
    return row?.telegramChatId ?? null;
  }
}
