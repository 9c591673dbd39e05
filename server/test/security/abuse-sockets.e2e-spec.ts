import { randomUUID } from 'node:crypto';
import { io, Socket } from 'socket.io-client';
import { TokenService } from '../../src/auth';
import { MAX_AUCTION_ROOMS } from '../../src/realtime/realtime.gateway';
import { RATE_LIMIT_POLICIES } from '../../src/infrastructure/rate-limit/rate-limit.policies';
import { RateLimitService } from '../../src/infrastructure/rate-limit/rate-limit.service';
import { clientIp } from '../support/auth';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser } from '../support/users';

/**
 * R-SOCKET-LIMITS (docs/security.md, "Abuse and resources"): socket connections per IP are rate limited at the
 * handshake (parallel flood: exactly the allowance connects; counted before any database read),
 * rooms per socket are capped.
 */
describe('security: socket connections and rooms', () => {
  let t: TestApp;
  const open: Socket[] = [];

  beforeAll(async () => (t = await startTestApp()));
  afterAll(async () => {
    for (const s of open) s.disconnect();
    await t.close();
  });

  function tryConnect(headers: Record<string, string>): Promise<Socket | null> {
    const socket = io(t.url, { transports: ['websocket'], extraHeaders: headers, reconnection: false, forceNew: true });
    open.push(socket);
    return new Promise((resolve) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', () => resolve(null));
    });
  }

  it('lets one IP open only its allowance of connections, however fast they come', async () => {
    const ip = clientIp();
    const { points } = RATE_LIMIT_POLICIES['socket-connections-ip'];
    const sockets = await Promise.all(Array.from({ length: points + 15 }, () => tryConnect({ 'X-Forwarded-For': ip })));
    expect(sockets.filter(Boolean)).toHaveLength(points);
    // Another address is not affected.
    expect(await tryConnect({ 'X-Forwarded-For': clientIp() })).not.toBeNull();
  });

  it('counts a handshake before it reads anything: one over the allowance costs no database query', async () => {
    const member = await createUser(t);
    const withToken = (ip: string) => ({ 'X-Forwarded-For': ip, Authorization: `Bearer ${member.token}` });
    // A spy, not a mock: the account is still read; we only count the reads.
    const reads = jest.spyOn(t.app.get(TokenService), 'resolve');
    try {
      // Admitted: the gateway reads the member once, the admission never.
      const admitted = await tryConnect(withToken(clientIp()));
      expect(admitted).not.toBeNull();
      expect(reads).toHaveBeenCalledTimes(1);

      reads.mockClear();
      const spent = clientIp();
      const { points } = RATE_LIMIT_POLICIES['socket-connections-ip'];
      await t.app.get(RateLimitService).penalize('socket-connections-ip', spent, points);
      const refused = await Promise.all(Array.from({ length: 20 }, () => tryConnect(withToken(spent))));
      expect(refused.filter(Boolean)).toHaveLength(0);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });

  it(`caps the auction rooms one socket watches at ${MAX_AUCTION_ROOMS}`, async () => {
    const socket = (await tryConnect({ 'X-Forwarded-For': clientIp() }))!;
    const errors: { code: string }[] = [];
    socket.on('error', (e: { code: string }) => errors.push(e));
    const join = (id: string) =>
      new Promise<{ ok: boolean }>((resolve) => socket.emit('join_auction', { auctionId: id }, resolve));
    const acks = await Promise.all(Array.from({ length: MAX_AUCTION_ROOMS }, () => join(randomUUID())));
    expect(acks.every((a) => a.ok)).toBe(true);
    expect((await join(randomUUID())).ok).toBe(false);
    expect(errors.at(-1)).toMatchObject({ code: 'TOO_MANY_ROOMS' });
  });
});
