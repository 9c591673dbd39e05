import { DataSource } from 'typeorm';
import type { Socket } from 'socket.io-client';
import { RevokedTokensPruner } from '../../src/auth/core/revoked-tokens.pruner';
import { RedisService } from '../../src/infrastructure/redis/redis.service';
import { clientIp } from '../support/auth';
import { connectSocket } from '../support/sockets';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser } from '../support/users';

/**
 * Logged-out tokens lived only in a Redis deny list: a FLUSHALL (or a failover to an empty
 * replica) brought every one of them back to life. The deny list is now in PostgreSQL, read in
 * the account check's one statement, so losing Redis changes nothing.
 */
describe('security: a logged-out token stays refused when Redis loses its keys', () => {
  let t: TestApp;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(() => t.close());

  /** FLUSHDB, limited to this app's keys (other suites share the Redis server). */
  const flushAppKeys = async () => {
    const redis = t.app.get(RedisService);
    const keys = await redis.client.keys(`${redis.key('')}*`);
    if (keys.length) await redis.client.del(...keys);
    expect(await redis.client.keys(`${redis.key('')}*`)).toEqual([]);
  };

  const login = async (email: string, password: string) =>
    (await t.http().post('/api/auth/login').set('X-Forwarded-For', clientIp()).send({ email, password }).expect(200))
      .body.token as string;

  it('refused over HTTP and on a socket after the flush; the other session still works', async () => {
    const member = await createUser(t, { password: 'member-password' });
    const token = await login(member.user.email, 'member-password');
    const other = await login(member.user.email, 'member-password');
    await t.http().post('/api/auth/logout').set('Authorization', `Bearer ${token}`).expect(200);

    await flushAppKeys();

    const refused = await t.http().get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(401);
    expect(refused.body).toMatchObject({ statusCode: 401, code: 'TOKEN_INVALID' });
    await t.http().get('/api/auth/me').set('Authorization', `Bearer ${other}`).expect(200);

    // On a socket the token makes only a visitor, told TOKEN_INVALID when it tries to act.
    const socket = await connectSocket(t.url, token);
    sockets.push(socket);
    const ack = await socket
      .timeout(5_000)
      .emitWithAck('place_bid', { auctionId: '7d3f8c1e-1f0a-4c55-9b9e-2f6f0b7d9a01', amount: 10 });
    expect(ack).toMatchObject({ statusCode: 401, code: 'TOKEN_INVALID' });
  });

  it('expired entries are pruned; live ones stay', async () => {
    const member = await createUser(t, { password: 'member-password' });
    const token = await login(member.user.email, 'member-password');
    await t.http().post('/api/auth/logout').set('Authorization', `Bearer ${token}`).expect(200);
    const db = t.app.get(DataSource);
    const entries = () =>
      db.query(`SELECT jti FROM revoked_tokens WHERE user_id = $1`, [member.user.id]) as Promise<unknown[]>;
    expect(await entries()).toHaveLength(1);

    await t.app.get(RevokedTokensPruner).prune();
    expect(await entries()).toHaveLength(1);
    await db.query(`UPDATE revoked_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
      member.user.id,
    ]);
    await t.app.get(RevokedTokensPruner).prune();
    expect(await entries()).toHaveLength(0);
  });
});
