import { randomUUID } from 'node:crypto';
import { ERROR_MESSAGES } from '@mazad/contracts';
import type { Socket } from 'socket.io-client';
import { MEMBER_TICKETS_PER_AUCTION } from '../../src/bids/engine/admission-tickets';
import { auctionLockKey } from '../../src/bids/engine/auction-lock.service';
import { BidSequencer } from '../../src/bids/engine/bid-sequencer';
import { RATE_LIMIT_POLICIES } from '../../src/infrastructure/rate-limit/rate-limit.policies';
import { RateLimitService } from '../../src/infrastructure/rate-limit/rate-limit.service';
import { RedisService } from '../../src/infrastructure/redis/redis.service';
import { SOCKET_EVENT_BURST } from '../../src/realtime/socket-event-rate';
import { createAuction, eventually, storedBids } from '../support/auctions';
import { connectSocket } from '../support/sockets';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser, TestUser } from '../support/users';

/**
 * R-BID-BUSY, docs/security.md ("Bids: a busy auction is really busy"): admission control's door
 * counts only admissible requests (well formed, from a verified member), gives a request's place
 * back as soon as it is answered, whatever the answer, and lets one member hold at most
 * MEMBER_TICKETS_PER_AUCTION places in an auction's queue. So a member's bid is refused busy only
 * when the auction really is: never because of another member's invalid, unverified, rate-limited
 * or replayed requests, nor because another member floods it. (Anti-sniping extends only on an
 * accepted bid: near the end, a leader who could freeze the competitors' bids would win.)
 *
 * Real parallel requests and sockets, real PostgreSQL and Redis. The test application keeps a
 * request's deadline at 60 s (test-app.ts): a request counted at the door and never answered
 * from the queue would hold its place for all of that.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely, as HTTP bodies are
type Answer = any;

/** An answer's outcome: `accepted`, or its error code. */
const outcome = (answer: Answer): string => (answer?.success === true ? 'accepted' : answer?.code);
const httpOutcome = (res: { status: number; body: Answer }) => (res.status === 200 ? 'accepted' : res.body.code);

/** `count` events sent at once on `socket`, each with its acknowledgement: their answers. */
function burst(socket: Socket, event: string, count: number, payload: (i: number) => object): Promise<Answer[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => socket.timeout(60_000).emitWithAck(event, payload(i))));
}

describe('security: refused requests do not fill an auction’s admission queue', () => {
  let seller: TestUser;

  /** A member with a socket, who bids validly: alternately over HTTP and the socket, each bid above the last. */
  interface Competitor {
    member: TestUser;
    socket: Socket;
    bids: (t: TestApp, auctionId: string, from: number, count?: number) => Promise<string[]>;
  }

  async function competitor(t: TestApp): Promise<Competitor> {
    const member = await createUser(t, { name: 'منافس' });
    const socket = await connectSocket(t.url, member.token);
    return {
      member,
      socket,
      async bids(app, auctionId, from, count = 4) {
        const codes: string[] = [];
        for (let i = 0; i < count; i++) {
          const amount = from + i;
          codes.push(
            i % 2 === 0
              ? httpOutcome(await app.http().post(`/api/auctions/${auctionId}/bid`).set(member.auth).send({ amount }))
              : outcome(await socket.timeout(60_000).emitWithAck('place_bid', { auctionId, amount })),
          );
        }
        return codes;
      },
    };
  }

  describe('with BID_QUEUE_MAX=100', () => {
    let t: TestApp;
    let rival: Competitor;
    const sockets: Socket[] = [];

    beforeAll(async () => {
      t = await startTestApp({ BID_QUEUE_MAX: '100' });
      seller = await createUser(t, { name: 'بائع' });
      rival = await competitor(t);
      sockets.push(rival.socket);
    });
    afterAll(async () => {
      for (const s of sockets) s.disconnect();
      await t.close();
    });

    const socketOf = async (member: TestUser) => {
      const socket = await connectSocket(t.url, member.token);
      sockets.push(socket);
      return socket;
    };
    const httpBid = (auctionId: string, who: TestUser, amount: number) =>
      t.http().post(`/api/auctions/${auctionId}/bid`).set(who.auth).send({ amount });

    it(`one socket's burst of ${SOCKET_EVENT_BURST} invalid place_bid events leaves another member's bids accepted, during and after it`, async () => {
      const auction = await createAuction(t, seller, { startingPrice: 100 });
      const attacker = await createUser(t, { name: 'المتصدر' });
      const socket = await socketOf(attacker);
      const [flood, during] = await Promise.all([
        burst(socket, 'place_bid', SOCKET_EVENT_BURST, () => ({ auctionId: auction.id, amount: -1 })),
        rival.bids(t, auction.id, 101),
      ]);
      // Each invalid event is answered as invalid (never busy: the auction is not).
      expect(new Set(flood.map(outcome))).toEqual(new Set(['VALIDATION_ERROR']));
      expect(during).toEqual(['accepted', 'accepted', 'accepted', 'accepted']);
      expect(await rival.bids(t, auction.id, 201)).toEqual(['accepted', 'accepted', 'accepted', 'accepted']);
    });

    it('unverified members’ bursts over the socket and HTTP take no place in the queue', async () => {
      const auction = await createAuction(t, seller, { startingPrice: 100 });
      const unverified = await Promise.all([1, 2].map(() => createUser(t, { isVerified: false })));
      const floodSockets = await Promise.all(unverified.map(socketOf));
      const [socketFlood, httpFlood, during] = await Promise.all([
        Promise.all(
          floodSockets.map((s) =>
            burst(s, 'place_bid', SOCKET_EVENT_BURST, (i) => ({ auctionId: auction.id, amount: 150 + i })),
          ),
        ),
        Promise.all(Array.from({ length: 60 }, (_, i) => httpBid(auction.id, unverified[i % 2], 150 + i))),
        rival.bids(t, auction.id, 101),
      ]);
      expect(new Set([...socketFlood.flat().map(outcome), ...httpFlood.map(httpOutcome)])).toEqual(
        new Set(['ACCOUNT_NOT_VERIFIED']),
      );
      expect(during).toEqual(['accepted', 'accepted', 'accepted', 'accepted']);
      expect(await rival.bids(t, auction.id, 301)).toEqual(['accepted', 'accepted', 'accepted', 'accepted']);
    });

    it('a member past the bid and withdrawal rate limits bursting 429s takes no lasting place in the queue', async () => {
      const auction = await createAuction(t, seller, { startingPrice: 100 });
      const limited = await createUser(t, { name: 'مستنفد' });
      const rateLimits = t.app.get(RateLimitService);
      await rateLimits.consume('bids-member', limited.user.id, RATE_LIMIT_POLICIES['bids-member'].points);
      await rateLimits.consume(
        'max-bid-withdrawals-member',
        limited.user.id,
        RATE_LIMIT_POLICIES['max-bid-withdrawals-member'].points,
      );
      const socket = await socketOf(limited);
      const [socketFlood, httpFlood, during] = await Promise.all([
        burst(socket, 'place_bid', SOCKET_EVENT_BURST, (i) => ({ auctionId: auction.id, amount: 150 + i })),
        Promise.all([
          ...Array.from({ length: 40 }, (_, i) => httpBid(auction.id, limited, 150 + i)),
          ...Array.from({ length: 40 }, () =>
            t.http().put(`/api/auctions/${auction.id}/max-bid`).set(limited.auth).send({ amount: 900 }),
          ),
          ...Array.from({ length: 40 }, () => t.http().delete(`/api/auctions/${auction.id}/max-bid`).set(limited.auth)),
        ]),
        rival.bids(t, auction.id, 101),
      ]);
      // Each refused by its own rate limit, or by the member's share of the queue while theirs are in flight.
      const refusals = new Set([...socketFlood.map(outcome), ...httpFlood.map(httpOutcome)]);
      refusals.delete('TOO_MANY_PENDING_BIDS');
      expect(refusals).toEqual(new Set(['BID_RATE_LIMITED', 'MAX_BID_WITHDRAW_RATE_LIMITED']));
      expect(during).toEqual(['accepted', 'accepted', 'accepted', 'accepted']);
      expect(await rival.bids(t, auction.id, 401)).toEqual(['accepted', 'accepted', 'accepted', 'accepted']);
      expect((await storedBids(t, auction.id)).every((b) => b.bidderId === rival.member.user.id)).toBe(true);
    });

    it('answered requests give their place back at once: 120 replayed keys, over HTTP and the socket', async () => {
      const auction = await createAuction(t, seller, { startingPrice: 100 });
      const member = await createUser(t, { name: 'معيد' });
      const socket = await socketOf(member);
      const idempotencyKey = randomUUID();
      const first = await httpBid(auction.id, member, 101).set('Idempotency-Key', idempotencyKey).expect(200);
      // Admissible every one (verified, well formed, within the rate): each holds a place at the
      // door until its answer, which its key's memory gives without reaching the queue.
      for (let i = 0; i < 60; i++) {
        const replay = await httpBid(auction.id, member, 101).set('Idempotency-Key', idempotencyKey).expect(200);
        expect(replay.headers['idempotent-replayed']).toBe('true');
      }
      for (let i = 0; i < 60; i++) {
        const ack = await socket
          .timeout(60_000)
          .emitWithAck('place_bid', { auctionId: auction.id, amount: 101, idempotencyKey });
        expect(ack.bid).toEqual(first.body.bid);
      }
      expect(await rival.bids(t, auction.id, 201)).toEqual(['accepted', 'accepted', 'accepted', 'accepted']);
    });

    it(`one member's flood of valid bids holds at most ${MEMBER_TICKETS_PER_AUCTION} places: another member still gets in`, async () => {
      const auction = await createAuction(t, seller, { startingPrice: 100 });
      const flooder = await createUser(t, { name: 'مغرق' });
      const socket = await socketOf(flooder);
      // The auction's lock held from the test (as another replica would): nothing admitted is
      // answered, so the flooder's places stay taken while the others arrive.
      const redis = t.app.get(RedisService);
      const lockKey = auctionLockKey(redis, auction.id);
      expect(await redis.client.set(lockKey, 'the-test', 'PX', 60_000, 'NX')).toBe('OK');
      const reachedQueue = jest.spyOn(t.app.get(BidSequencer), 'placeBid');
      let answered = 0;
      const counted = <T>(p: Promise<T>) => p.finally(() => (answered += 1));
      const httpFlood = Array.from({ length: 60 }, (_, i) =>
        counted(httpBid(auction.id, flooder, 101 + i).then((r) => r)),
      );
      const socketFlood = Array.from({ length: 60 }, (_, i) =>
        counted<Answer>(socket.timeout(60_000).emitWithAck('place_bid', { auctionId: auction.id, amount: 161 + i })),
      );
      const flooded = httpFlood.length + socketFlood.length;
      try {
        // All but the admitted ones are answered at once.
        await eventually(async () => answered >= flooded - MEMBER_TICKETS_PER_AUCTION, 30_000, 20);
        const theirs = httpBid(auction.id, rival.member, 500).then((r) => r);
        // Theirs joined the queue behind the flooder's (then the lock is released: the queue
        // waits for it 3 s at most).
        await eventually(
          async () => reachedQueue.mock.calls.some(([, bidderId]) => bidderId === rival.member.user.id),
          30_000,
          5,
        );
        await redis.client.del(lockKey);
        expect(httpOutcome(await theirs)).toBe('accepted');
      } finally {
        await redis.client.del(lockKey);
        reachedQueue.mockRestore();
      }
      const httpAnswers = await Promise.all(httpFlood);
      const outcomes = [...httpAnswers.map(httpOutcome), ...(await Promise.all(socketFlood)).map(outcome)];
      expect(outcomes.filter((o) => o === 'TOO_MANY_PENDING_BIDS')).toHaveLength(flooded - MEMBER_TICKETS_PER_AUCTION);
      // The admitted ones were judged as usual (accepted, or too low behind a higher one).
      const judged = outcomes.filter((o) => o !== 'TOO_MANY_PENDING_BIDS');
      expect(judged.filter((o) => o !== 'accepted' && o !== 'BID_TOO_LOW')).toEqual([]);
      // The member's own refusal: 429 with Retry-After and its Arabic text, over HTTP as over the socket.
      const refusal = httpAnswers.find((r) => r.status === 429)!;
      expect(refusal.body).toEqual({
        statusCode: 429,
        code: 'TOO_MANY_PENDING_BIDS',
        message: ERROR_MESSAGES.TOO_MANY_PENDING_BIDS,
        error: ERROR_MESSAGES.TOO_MANY_PENDING_BIDS,
        retryAfter: 1,
      });
      expect(refusal.headers['retry-after']).toBe('1');
    });
  });

  describe('at the default queue size (BID_QUEUE_MAX=1,000)', () => {
    let t: TestApp;
    const sockets: Socket[] = [];

    beforeAll(async () => {
      t = await startTestApp();
      seller = await createUser(t, { name: 'بائع' });
    });
    afterAll(async () => {
      for (const s of sockets) s.disconnect();
      await t.close();
    });

    it('nine sockets of three members bursting invalid place_bid events leave another member’s bids accepted', async () => {
      const auction = await createAuction(t, seller, { startingPrice: 100 });
      const rival = await competitor(t);
      sockets.push(rival.socket);
      const attackers = await Promise.all([1, 2, 3].map((i) => createUser(t, { name: `مهاجم ${i}` })));
      const floodSockets = await Promise.all(
        attackers.flatMap((a) => [1, 2, 3].map(() => connectSocket(t.url, a.token))),
      );
      sockets.push(...floodSockets);
      // 9 × 120 = 1,080 events, more than the queue holds.
      const [flood, during] = await Promise.all([
        Promise.all(
          floodSockets.map((s) =>
            burst(s, 'place_bid', SOCKET_EVENT_BURST, () => ({ auctionId: auction.id, amount: 'مئة' })),
          ),
        ),
        rival.bids(t, auction.id, 101),
      ]);
      expect(new Set(flood.flat().map(outcome))).toEqual(new Set(['VALIDATION_ERROR']));
      expect(during).toEqual(['accepted', 'accepted', 'accepted', 'accepted']);
      expect(await rival.bids(t, auction.id, 201)).toEqual(['accepted', 'accepted', 'accepted', 'accepted']);
    });
  });
});
