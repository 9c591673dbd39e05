import { randomBytes } from 'node:crypto';
import * as argon2 from 'argon2';
import { DataSource } from 'typeorm';
import { TokenService } from '../../src/auth/core/token.service';
import { UserEntity } from '../../src/users/entities/user.entity';
import type { TestApp } from './test-app';

export interface TestUser {
  user: UserEntity;
  token: string;
  password: string;
  auth: { Authorization: string };
}

let counter = 0;

/** A unique, valid email for tests. */
export function uniqueEmail(tag = 'user'): string {
  counter += 1;
  return `${tag}.${Date.now()}.${counter}.${randomBytes(2).toString('hex')}@example.com`;
}

/**
 * Inserts a member straight into the database (skipping registration, for tests about other
 * features) and signs a token for it. Verified unless told otherwise.
 */
export async function createUser(
  t: TestApp,
  fields: Partial<Pick<UserEntity, 'name' | 'email' | 'phone' | 'location' | 'isVerified' | 'isAdmin'>> & {
    password?: string;
    adminSession?: boolean;
  } = {},
): Promise<TestUser> {
  const password = fields.password ?? 'secret123';
  const repo = t.app.get(DataSource).getRepository(UserEntity);
  const saved = await repo.save(
    repo.create({
      name: fields.name ?? 'مستخدم تجريبي',
      email: (fields.email ?? uniqueEmail()).toLowerCase(),
      phone: fields.phone ?? '+962 79 123 4567',
      location: fields.location ?? 'عمّان',
      // Cheaper argon2id parameters than production: tests create many members.
      passwordHash: await argon2.hash(password, { type: argon2.argon2id, memoryCost: 4096, timeCost: 2 }),
      isVerified: fields.isVerified ?? true,
      isAdmin: fields.isAdmin ?? false,
    }),
  );
  const token = t.app.get(TokenService).sign(saved, { adminSession: fields.adminSession });
  return { user: saved, token, password, auth: { Authorization: `Bearer ${token}` } };
}
