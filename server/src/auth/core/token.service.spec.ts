import type { JwtService } from '@nestjs/jwt';
import type { EventBus } from '@nestjs/cqrs';
import type { Repository } from 'typeorm';
import type { UserEntity } from '../../users/entities/user.entity';
import type { TokenClaims } from './auth-user';
import { TokenService } from './token.service';

const ALICE = '7d3f8c1e-1f0a-4c55-9b9e-2f6f0b7d9a01';
const BOB = '7d3f8c1e-1f0a-4c55-9b9e-2f6f0b7d9a02';
const GONE = '7d3f8c1e-1f0a-4c55-9b9e-2f6f0b7d9a03';

const row = (id: string, extra: object = {}) => ({
  id,
  name: id === ALICE ? 'أليس' : 'بوب',
  is_admin: false,
  is_verified: true,
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
  const tokens = new TokenService({} as JwtService, { query } as unknown as Repository<UserEntity>, {} as EventBus);
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
    expect(answers[0]).toMatchObject({ name: 'أليس', isVerified: true, session: { id: 'jti-' + ALICE } });
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
