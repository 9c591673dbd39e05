import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { UserEntity } from '../../users/entities/user.entity';
import { AuthUser, TokenClaims } from './auth-user';

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
    const user = await this.users.findOne({
      where: { id: claims.sub },
      select: { id: true, name: true, isAdmin: true, isVerified: true, tokenVersion: true },
    });
    if (!user || user.tokenVersion !== claims.tv) return null;
    return {
      id: user.id,
      name: user.name,
      isAdmin: user.isAdmin,
      isVerified: user.isVerified,
      adminSession: user.isAdmin && claims.adm === true,
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
