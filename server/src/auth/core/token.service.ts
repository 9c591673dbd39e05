import { Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { createSecretKey, KeyObject, randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import DataLoader from 'dataloader';
import { Repository } from 'typeorm';
import { RedisService } from '../../infrastructure/redis/redis.service';
import { UserEntity } from '../../users/entities/user.entity';
import { SessionRevokedEvent } from '../events/session-revoked.event';
import { SessionsEndedEvent } from '../events/sessions-ended.event';
import { AuthUser, sessionIdOf, TokenClaims } from './auth-user';

const keys = new Map<string, KeyObject>();

/** The HMAC key as a KeyObject, built once per secret (see JwtModule in auth-core.module.ts for why). */
export function jwtKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))));
  return key;
}

interface TokenRow {
  id: string;
  name: string;
  is_admin: boolean;
  is_verified: boolean;
  token_version: number;
  deleted_at: Date | null;
}

/**
 * Issues and checks bearer tokens. A token is valid only while (1) its token version equals
 * the user's: a password change or reset and logout-everywhere bump the version and retire
 * every older token; and (2) its id (`jti`) is not on the deny list: logout puts the one token
 * there, in Redis, until the moment it would have expired anyway. Used by the HTTP strategy and
 * the socket gateway alike; ending sessions also closes their sockets (events for realtime).
 */
@Injectable()
export class TokenService {
  /**
   * Account checks asked while one round of I/O callbacks runs (a storm of socket bids, many
   * requests at once) share ONE users query and ONE Redis MGET, made after that round
   * (setImmediate): each check still reads the account as it is after the request arrived —
   * nothing is cached between rounds — at a fraction of the queries.
   */
  private readonly accounts = new DataLoader<TokenClaims, AuthUser | null>((list) => this.resolveMany(list), {
    cache: false,
    maxBatchSize: 500,
    batchScheduleFn: (run) => setImmediate(run),
  });

  constructor(
    private readonly jwt: JwtService,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly redis: RedisService,
    private readonly events: EventBus,
  ) {}

  sign(user: Pick<UserEntity, 'id' | 'tokenVersion'>, options: { adminSession?: boolean } = {}): string {
    const claims: TokenClaims = { sub: user.id, tv: user.tokenVersion, ...(options.adminSession ? { adm: true } : {}) };
    return this.jwt.sign(claims, { jwtid: randomUUID() });
  }

  /** The user behind verified claims, or null when the account is gone or the token retired or revoked. */
  async resolve(claims: TokenClaims): Promise<AuthUser | null> {
    if (typeof claims?.sub !== 'string' || typeof claims.tv !== 'number') return null;
    return this.accounts.load(claims);
  }

  private async resolveMany(list: readonly TokenClaims[]): Promise<(AuthUser | null)[]> {
    // One malformed subject must not fail the others' query: it simply matches no account.
    const ids = [...new Set(list.map((c) => c.sub).filter((id) => isUUID(id)))];
    // Plain SQL: this runs for every authenticated request and socket event, bids included.
    const [rows, revoked] = await Promise.all([
      this.users.query(
        `SELECT id, name, is_admin, is_verified, token_version, deleted_at FROM users WHERE id = ANY($1::uuid[])`,
        [ids],
      ) as Promise<TokenRow[]>,
      this.redis.client.mget(list.map((c) => this.revokedKey(sessionIdOf(c)))),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const now = Date.now() / 1000;
    return list.map((claims, i) => {
      const user = byId.get(claims.sub);
      // Expiry too: a socket holds its token open long after the handshake checked it.
      if (claims.exp !== undefined && claims.exp <= now) return null;
      // A deleted member is gone, whatever the token says (docs/adr/0006-admin-deletes.md).
      if (!user || user.deleted_at || user.token_version !== claims.tv || revoked[i]) return null;
      return {
        id: user.id,
        name: user.name,
        isAdmin: user.is_admin,
        isVerified: user.is_verified,
        adminSession: user.is_admin && claims.adm === true,
        session: { id: sessionIdOf(claims), expiresAt: claims.exp ?? 0 },
      };
    });
  }

  /** The claims of a raw token when its signature and expiry hold (not checked against the account). */
  claimsOf(token: string): TokenClaims | null {
    try {
      return this.jwt.verify<TokenClaims>(token);
    } catch {
      return null;
    }
  }

  /** Verifies a raw token (signature, expiry, version, deny list); null when it is not valid. */
  async verify(token: string): Promise<AuthUser | null> {
    const claims = this.claimsOf(token);
    return claims ? this.resolve(claims) : null;
  }

  /**
   * For sessions held open (sockets): which of these claims are still valid, in one query and
   * one MGET whatever their number (version, deletion, deny list, expiry).
   */
  async stillValid(list: TokenClaims[]): Promise<boolean[]> {
    if (!list.length) return [];
    return (await this.resolveMany(list)).map((user) => user !== null);
  }

  /**
   * Logout: the caller's token stops working at once on every replica (deny list in Redis until
   * its own expiry), and the sockets opened with it are closed. Other sessions stay.
   */
  async revoke(user: AuthUser): Promise<void> {
    if (!user.session) return;
    const ttlMs = user.session.expiresAt * 1000 - Date.now();
    if (ttlMs > 0) await this.redis.client.set(this.revokedKey(user.session.id), '1', 'PX', ttlMs);
    this.events.publish(new SessionRevokedEvent(user.id, user.session.id));
  }

  /**
   * Call after bumping a member's token version (logout everywhere, password change or reset,
   * an operator setting the password): their open sockets are closed on every replica.
   */
  sessionsEnded(userId: string): void {
    this.events.publish(new SessionsEndedEvent(userId));
  }

  private revokedKey(sessionId: string): string {
    return this.redis.key('revoked-token', sessionId);
  }
}
