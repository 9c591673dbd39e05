import { Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { createSecretKey, KeyObject, randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import DataLoader from 'dataloader';
import { Repository } from 'typeorm';
import { AppConfig } from '../../config/app-config';
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

/**
 * The account check of every authenticated request and socket event, bids included: ONE plain
 * SQL statement with rows of two kinds. Accounts (`revoked` false), and the asked session ids
 * that were logged out (`revoked` true, the id in `id`). The deny list is looked up once per
 * statement, by its primary key, for the whole batch (a subquery per account row would probe it
 * once per account and session: seconds for a batch of 500).
 */
const ACCOUNTS_SQL = `
  SELECT id::text AS id, name, is_admin, is_verified, load_test, token_version, deleted_at, false AS revoked
    FROM users WHERE id = ANY($1::uuid[])
  UNION ALL
  SELECT r.jti, NULL, NULL, NULL, NULL, NULL, NULL, true
    FROM unnest($2::text[]) AS asked (jti) JOIN revoked_tokens r ON r.jti = asked.jti`;

/** A row of ACCOUNTS_SQL. */
type TokenRow =
  | {
      revoked: false;
      id: string;
      name: string;
      is_admin: boolean;
      is_verified: boolean;
      load_test: boolean;
      token_version: number;
      deleted_at: Date | null;
    }
  | { revoked: true; id: string };

/**
 * Issues and checks bearer tokens. A token is valid only while (1) its token version equals
 * the user's: a password change or reset and logout-everywhere bump the version and retire
 * every older token; and (2) its id (`jti`) is not on the deny list: logout puts the one token
 * in `revoked_tokens`, in PostgreSQL beside the version, until the moment it would have expired
 * anyway (pruned by RevokedTokensPruner). Both are read in the same statement. The deny list is
 * not kept in Redis: a Redis flush or failover would bring logged-out tokens back to life. Used
 * by the HTTP strategy and the socket gateway alike; ending sessions also closes their sockets
 * (events for realtime).
 */
@Injectable()
export class TokenService {
  /**
   * Account checks asked while one round of I/O callbacks runs (a storm of socket bids, many
   * requests at once) share ONE query (accounts and deny list), made after that round
   * (setImmediate): each check still reads the account as it is after the request arrived —
   * nothing is cached between rounds — at a fraction of the queries.
   */
  private readonly accounts = new DataLoader<TokenClaims, AuthUser | null>((list) => this.resolveMany(list), {
    cache: false,
    maxBatchSize: 500,
    batchScheduleFn: (run) => setImmediate(run),
  });

  /**
   * The keys a token may be signed with: JWT_SECRET, then JWT_PREVIOUS_SECRET during a rotation
   * (docs/runbook.md), so sessions signed before the rotation stay valid until they expire.
   * Signing uses JWT_SECRET only (the JwtModule's key).
   */
  private readonly verificationKeys: KeyObject[];

  constructor(
    private readonly jwt: JwtService,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly events: EventBus,
    config: AppConfig,
  ) {
    this.verificationKeys = [config.jwtSecret, config.jwtPreviousSecret].filter((s) => s !== undefined).map(jwtKey);
  }

  sign(
    user: Pick<UserEntity, 'id' | 'tokenVersion'> & { loadTest?: boolean },
    options: { adminSession?: boolean } = {},
  ): string {
    const claims: TokenClaims = {
      sub: user.id,
      tv: user.tokenVersion,
      ...(options.adminSession ? { adm: true } : {}),
      ...(user.loadTest ? { lt: true } : {}),
    };
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
    const sessions = [...new Set(list.map(sessionIdOf))];
    const rows = (await this.users.query(ACCOUNTS_SQL, [ids, sessions])) as TokenRow[];
    const byId = new Map<string, Extract<TokenRow, { revoked: false }>>();
    const revoked = new Set<string>();
    for (const row of rows) {
      if (row.revoked) revoked.add(row.id);
      else byId.set(row.id, row);
    }
    const now = Date.now() / 1000;
    return list.map((claims) => {
      const user = byId.get(claims.sub);
      // Expiry too: a socket holds its token open long after the handshake checked it.
      if (claims.exp !== undefined && claims.exp <= now) return null;
      // A deleted member is gone, whatever the token says (docs/adr/0006-admin-deletes.md).
      if (!user || user.deleted_at || user.token_version !== claims.tv) return null;
      if (revoked.has(sessionIdOf(claims))) return null;
      return {
        id: user.id,
        name: user.name,
        isAdmin: user.is_admin,
        isVerified: user.is_verified,
        adminSession: user.is_admin && claims.adm === true,
        loadTest: user.load_test,
        session: { id: sessionIdOf(claims), expiresAt: claims.exp ?? 0 },
      };
    });
  }

  /** The claims of a raw token when its signature and expiry hold (not checked against the account). */
  claimsOf(token: string): TokenClaims | null {
    for (const key of this.verificationKeys) {
      try {
        return this.jwt.verify<TokenClaims>(token, { secret: key as unknown as string });
      } catch {
        // Not signed with this key (or expired, or malformed): the next key, if any, decides.
      }
    }
    return null;
  }

  /** Verifies a raw token (signature, expiry, version, deny list); null when it is not valid. */
  async verify(token: string): Promise<AuthUser | null> {
    const claims = this.claimsOf(token);
    return claims ? this.resolve(claims) : null;
  }

  /**
   * For sessions held open (sockets): which of these claims are still valid, in one query
   * whatever their number (version, deletion, deny list, expiry).
   */
  async stillValid(list: TokenClaims[]): Promise<boolean[]> {
    if (!list.length) return [];
    return (await this.resolveMany(list)).map((user) => user !== null);
  }

  /**
   * Logout: the caller's token stops working at once on every replica (on the deny list until
   * its own expiry), and the sockets opened with it are closed. Other sessions stay.
   */
  async revoke(user: AuthUser): Promise<void> {
    if (!user.session) return;
    const { id, expiresAt } = user.session;
    if (expiresAt * 1000 > Date.now()) {
      await this.users.query(
        `INSERT INTO revoked_tokens (jti, user_id, expires_at) VALUES ($1, $2, to_timestamp($3))
           ON CONFLICT (jti) DO NOTHING`,
        [id, user.id, expiresAt],
      );
    }
    this.events.publish(new SessionRevokedEvent(user.id, id));
  }

  /**
   * Call after bumping a member's token version (logout everywhere, password change or reset,
   * an operator setting the password): their open sockets are closed on every replica.
   */
  sessionsEnded(userId: string): void {
    this.events.publish(new SessionsEndedEvent(userId));
  }
}
