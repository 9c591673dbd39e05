import { JwtService } from '@nestjs/jwt';
import type { EventBus } from '@nestjs/cqrs';
import type { Repository } from 'typeorm';
import type { UserEntity } from '../../users/entities/user.entity';
import { AppConfig } from '../../config/app-config';
import { jwtModuleOptions } from './auth-core.module';
import type { TokenClaims } from './auth-user';
import { TokenService } from './token.service';

const ALICE = '7d3f8c1e-1f0a-4c55-9b9e-2f6f0b7d9a01';
const CURRENT_SECRET = 'current-secret-current-secret-current-secret';
const PREVIOUS_SECRET = 'previous-secret-previous-secret-previous-secret';
const BOB = '7d3f8c1e-1f0a-4c55-9b9e-2f6f0b7d9a02';
const GONE = '7d3f8c1e-1f0a-4c55-9b9e-2f6f0b7d9a03';

const row = (id: string, extra: object = {}) => ({
  id,
  name: id === ALICE ? 'أليس' : 'بوب',
  is_admin: false,
  is_verified: true,
  load_test: false,
  token_version: 1,
  deleted_at: null,
  ...extra,
});

/** The statement's answer: the asked accounts, then the asked session ids that were revoked. */
function service(rows: object[], revokedJtis: string[] = []) {
  const query = jest.fn((_sql: string, [ids, sessions]: [string[], string[]]) =>
    Promise.resolve([
      ...rows.filter((r) => ids.includes((r as { id: string }).id)).map((r) => ({ ...r, revoked: false })),
      ...sessions.filter((jti) => revokedJtis.includes(jti)).map((jti) => ({ id: jti, revoked: true })),
    ]),
  );
  const tokens = new TokenService(
    {} as JwtService,
    { query } as unknown as Repository<UserEntity>,
    {} as EventBus,
    AppConfig.fromEnvironment({ JWT_SECRET: CURRENT_SECRET }),
  );
  return { tokens, query };
}

const claims = (sub: string, extra: Partial<TokenClaims> = {}): TokenClaims => ({
  sub,
  tv: 1,
  jti: `jti-${sub}`,
  ...extra,
});

describe('TokenService.resolve', () => {
  it('answers the checks asked together with one query (accounts and deny list), each with its own verdict', async () => {
    const { tokens, query } = service(
      [row(ALICE), row(BOB, { token_version: 2 }), row(GONE, { deleted_at: new Date() })],
      ['jti-revoked'],
    );
    const answers = await Promise.all([
      tokens.resolve(claims(ALICE)),
      tokens.resolve(claims(BOB)), // retired: the account's token version moved on
      tokens.resolve(claims(GONE)), // deleted account
      tokens.resolve(claims(ALICE, { jti: 'jti-revoked' })), // logged out
      tokens.resolve(claims('not-a-uuid')), // matches no account, and fails nobody else's check
    ]);
    expect(answers.map((a) => a?.id ?? null)).toEqual([ALICE, null, null, null, null]);
    expect(answers[0]).toMatchObject({
      name: 'أليس',
      isVerified: true,
      loadTest: false,
      session: { id: 'jti-' + ALICE },
    });
    expect(query).toHaveBeenCalledTimes(1);
    expect(query.mock.calls[0][1][0]).toEqual([ALICE, BOB, GONE]);
  });

  it('reads the account again for a later check (nothing is cached between rounds)', async () => {
    const rows = [row(ALICE)];
    const { tokens, query } = service(rows);
    expect(await tokens.resolve(claims(ALICE))).not.toBeNull();
    Object.assign(rows[0], { token_version: 2 });
    expect(await tokens.resolve(claims(ALICE))).toBeNull();
    expect(query).toHaveBeenCalledTimes(2);
  });
});

describe('TokenService.claimsOf: JWT_SECRET rotation', () => {
  /** A TokenService configured from these variables, and a signer for any secret. */
  function configured(env: Record<string, string>) {
    const config = AppConfig.fromEnvironment(env);
    const jwt = new JwtService(jwtModuleOptions(config));
    return new TokenService(jwt, {} as Repository<UserEntity>, {} as EventBus, config);
  }
  const signedWith = (secret: string, options: { expiresIn?: number } = {}) =>
    new JwtService(jwtModuleOptions(AppConfig.fromEnvironment({ JWT_SECRET: secret }))).sign(
      { sub: ALICE, tv: 1 },
      { jwtid: 'session-1', ...options },
    );

  it('accepts tokens signed with JWT_SECRET or JWT_PREVIOUS_SECRET, and no other', () => {
    const tokens = configured({ JWT_SECRET: CURRENT_SECRET, JWT_PREVIOUS_SECRET: PREVIOUS_SECRET });
    expect(tokens.claimsOf(signedWith(CURRENT_SECRET))).toMatchObject({ sub: ALICE, tv: 1, jti: 'session-1' });
    expect(tokens.claimsOf(signedWith(PREVIOUS_SECRET))).toMatchObject({ sub: ALICE, tv: 1, jti: 'session-1' });
    expect(tokens.claimsOf(signedWith('another-secret-another-secret-another-secret'))).toBeNull();
    expect(tokens.claimsOf('not.a.token')).toBeNull();
  });

  it('still refuses an expired token signed with the previous secret', () => {
    const tokens = configured({ JWT_SECRET: CURRENT_SECRET, JWT_PREVIOUS_SECRET: PREVIOUS_SECRET });
    expect(tokens.claimsOf(signedWith(PREVIOUS_SECRET, { expiresIn: -10 }))).toBeNull();
  });

  it('without JWT_PREVIOUS_SECRET, accepts only JWT_SECRET', () => {
    const tokens = configured({ JWT_SECRET: CURRENT_SECRET });
    expect(tokens.claimsOf(signedWith(CURRENT_SECRET))).not.toBeNull();
    expect(tokens.claimsOf(signedWith(PREVIOUS_SECRET))).toBeNull();
  });

  it('signs with JWT_SECRET only, never the previous secret', () => {
    const tokens = configured({ JWT_SECRET: CURRENT_SECRET, JWT_PREVIOUS_SECRET: PREVIOUS_SECRET });
    const token = tokens.sign({ id: ALICE, tokenVersion: 1 });
    expect(configured({ JWT_SECRET: CURRENT_SECRET }).claimsOf(token)).not.toBeNull();
    expect(configured({ JWT_SECRET: PREVIOUS_SECRET }).claimsOf(token)).toBeNull();
  });

  it("marks a load-test member's token (lt), and no other", () => {
    const tokens = configured({ JWT_SECRET: CURRENT_SECRET });
    expect(tokens.claimsOf(tokens.sign({ id: ALICE, tokenVersion: 1, loadTest: true }))).toMatchObject({ lt: true });
    expect(tokens.claimsOf(tokens.sign({ id: ALICE, tokenVersion: 1, loadTest: false }))).not.toHaveProperty('lt');
    expect(tokens.claimsOf(tokens.sign({ id: ALICE, tokenVersion: 1 }))).not.toHaveProperty('lt');
  });

  it('refuses a JWT_PREVIOUS_SECRET shorter than 32 characters at start-up', () => {
    expect(() => AppConfig.fromEnvironment({ JWT_SECRET: CURRENT_SECRET, JWT_PREVIOUS_SECRET: 'short' })).toThrow(
      /JWT_PREVIOUS_SECRET is invalid \(must be at least 32 characters\)/,
    );
  });
});
