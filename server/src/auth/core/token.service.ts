import { Injectable } from '@nestjs/common';
import { createSecretKey, KeyObject } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { UserEntity } from '../../users/entities/user.entity';
import { AuthUser, TokenClaims } from './auth-user';

const keys = new Map<string, KeyObject>();

/** The HMAC key as a KeyObject, built once per secret (see JwtStrategy for why). */
export function jwtKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))));
  return key;
}

/**
 * Issues and checks bearer tokens. A token is valid only while its token version equals the
 * user's: a password change or logout-everywhere bumps the version and retires older tokens.
 * Used by the HTTP strategy and the socket gateway alike.
 */
@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
  ) {}

  sign(user: Pick<UserEntity, 'id' | 'tokenVersion'>, options: { adminSession?: boolean } = {}): string {
    const claims: TokenClaims = { sub: user.id, tv: user.tokenVersion, ...(options.adminSession ? { adm: true } : {}) };
    return this.jwt.sign(claims);
  }

  /** The user behind verified claims, or null when the account is gone or the token retired. */
  async resolve(claims: TokenClaims): Promise<AuthUser | null> {
    if (typeof claims?.sub !== 'string' || typeof claims.tv !== 'number') return null;
    // Plain SQL: this runs on every authenticated request, the bid path included.
    const [user] = await this.users.query(
      `SELECT id, name, is_admin, is_verified, token_version, deleted_at FROM users WHERE id = $1`,
      [claims.sub],
    );
    // A deleted member is gone, whatever the token says (docs/adr/0006-admin-deletes.md).
    if (!user || user.deleted_at || user.token_version !== claims.tv) return null;
    return {
      id: user.id,
      name: user.name,
      isAdmin: user.is_admin,
      isVerified: user.is_verified,
      adminSession: user.is_admin && claims.adm === true,
    };
  }

  /** Verifies a raw token (signature, expiry, version); null when it is not valid. */
  async verify(token: string): Promise<AuthUser | null> {
    try {
      return await this.resolve(this.jwt.verify<TokenClaims>(token));
    } catch {
      return null;
    }
  }
}
