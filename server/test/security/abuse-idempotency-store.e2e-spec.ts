import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { MAX_LISTED_ERRORS } from '../../src/common/errors/app.exception';
import {
  MAX_KEYS_PER_MEMBER,
  MAX_RECORD_BYTES,
  memberIdempotencyKeys,
} from '../../src/infrastructure/idempotency/idempotency.service';
import { RedisService } from '../../src/infrastructure/redis/redis.service';
import { RealtimeGateway } from '../../src/realtime/realtime.gateway';
import { MAX_SOCKET_MESSAGE_BYTES } from '../../src/realtime/redis-io.adapter';
import { createAuction, storedBids } from '../support/auctions';
import { connectSocket } from '../support/sockets';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser, TestUser } from '../support/users';

/**
 * The idempotency memory cannot be filled at will: a keyed bid refused for its input's shape
 * stores nothing (HTTP, gzip, socket), a stored answer has a size cap, a member a key cap that
 * holds under parallel requests, a refusal lists a bounded number of fields; the socket refuses
 * frames larger than a real event, answers a deeply nested keyed bid 400 and never sends a
 * payload back in an error.
 */
describe('security: the idempotency store cannot be filled', () => {
  let t: TestApp;
  let seller: TestUser;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // Rate limits off: the key cap is tried with more parallel bids than one member's minute allows.
    t = await startTestApp({ RATE_LIMITS: 'off' });
    seller = await createUser(t);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  const redis = () => t.app.get(RedisService).client;
  /** Every idempotency record and index entry the member has in Redis. */
  const storedFor = async (member: TestUser) => {
    const keys = memberIdempotencyKeys(t.app.get(RedisService), member.user.id);
    return { records: await redis().keys(keys.records), indexed: await redis().zcard(keys.index) };
  };
  const nothingStored = { records: [], indexed: 0 };

  const socketOf = async (who: TestUser) => {
    const socket = await connectSocket(t.url, who.token);
    sockets.push(socket);
    return socket;
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely, as HTTP bodies are
  const emit = (socket: Socket, event: string, payload: unknown): Promise<any> =>
    socket.timeout(10_000).emitWithAck(event, payload);

  /** `count` unknown fields with names of `nameLength` characters. */
  const unknownFields = (count: number, nameLength = 12) =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}`.padEnd(nameLength, 'x'), 1]));

  const bid = (auctionId: string, who: TestUser, key: string) =>
    t.http().post(`/api/auctions/${auctionId}/bid`).set(who.auth).set('Idempotency-Key', key);
  /** A bid answered with the whole auction (the default, asked explicitly), the largest answer a bid can have. */
  const fullBid = (auctionId: string, who: TestUser, key: string) =>
    t.http().post(`/api/auctions/${auctionId}/bid?view=full`).set(who.auth).set('Idempotency-Key', key);

  it('HTTP: a keyed bid with thousands of unknown fields stores nothing; the corrected retry with the key runs', async () => {
    const bidder = await createUser(t);
    const a = await createAuction(t, seller, { startingPrice: 100 });
    const key = `bid-${randomUUID()}`;

    const refused = await bid(a.id, bidder, key)
      .send({ amount: 150, ...unknownFields(5000) })
      .expect(400);
    expect(refused.body.code).toBe('UNKNOWN_FIELD');
    expect(refused.body.errors).toHaveLength(MAX_LISTED_ERRORS);
    expect(refused.body.errorsOmitted).toBe(5000 - MAX_LISTED_ERRORS);
    expect(JSON.stringify(refused.body).length).toBeLessThan(5_000);
    expect(await storedFor(bidder)).toEqual(nothingStored);

    // The key was never taken: the corrected body runs (no conflict), then is replayed.
    const placed = await bid(a.id, bidder, key).send({ amount: 150 }).expect(200);
    expect(placed.headers['idempotent-replayed']).toBeUndefined();
    const replay = await bid(a.id, bidder, key).send({ amount: 150 }).expect(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await storedBids(t, a.id)).map((b) => b.amountFils)).toEqual([150_000]);
    expect((await storedFor(bidder)).records).toHaveLength(1);
  });

  it('HTTP: the same with a small gzip body that unpacks to ~85 KB of unknown fields, and a 90 KB field name', async () => {
    const bidder = await createUser(t);
    const a = await createAuction(t, seller, { startingPrice: 100 });
    const key = `gz-${randomUUID()}`;
    const json = JSON.stringify({ amount: 150, ...unknownFields(5000) });
    expect(json.length).toBeGreaterThan(80_000);
    const gzip = gzipSync(json);
    expect(gzip.length).toBeLessThan(20_000);

    const refused = await fetch(`${t.url}/api/auctions/${a.id}/bid`, {
      method: 'POST',
      headers: {
        ...bidder.auth,
        'Idempotency-Key': key,
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
      },
      body: gzip,
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'UNKNOWN_FIELD', errorsOmitted: 5000 - MAX_LISTED_ERRORS });
    expect(await storedFor(bidder)).toEqual(nothingStored);

    // One unknown field named with 90,000 characters is echoed cut.
    const long = await bid(a.id, bidder, key)
      .send({ amount: 150, ['n'.repeat(90_000)]: 1 })
      .expect(400);
    expect(JSON.stringify(long.body).length).toBeLessThan(2_000);
    expect(await storedFor(bidder)).toEqual(nothingStored);

    await bid(a.id, bidder, key).send({ amount: 150 }).expect(200);
    expect((await storedBids(t, a.id)).map((b) => b.amountFils)).toEqual([150_000]);
  });

  it('socket: a keyed bid refused for its input stores nothing; the corrected retry with the key runs', async () => {
    const bidder = await createUser(t);
    const a = await createAuction(t, seller, { startingPrice: 100 });
    const socket = await socketOf(bidder);
    const idempotencyKey = `sock-${randomUUID()}`;

    const unknown = await emit(socket, 'place_bid', {
      auctionId: a.id,
      amount: 150,
      idempotencyKey,
      ...unknownFields(400),
    });
    expect(unknown).toMatchObject({ statusCode: 400, code: 'UNKNOWN_FIELD', errorsOmitted: 400 - MAX_LISTED_ERRORS });
    const invalid = await emit(socket, 'place_bid', { auctionId: a.id, amount: 'abc', idempotencyKey });
    expect(invalid.code).toBe('VALIDATION_ERROR');
    expect(await storedFor(bidder)).toEqual(nothingStored);

    const placed = await emit(socket, 'place_bid', { auctionId: a.id, amount: 150, idempotencyKey });
    expect(placed).toMatchObject({ success: true, bid: { amount: 150 } });
    // The key is shared with HTTP: the same bid over HTTP is the replay.
    const replay = await bid(a.id, bidder, idempotencyKey).send({ amount: 150 }).expect(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await storedBids(t, a.id)).toHaveLength(1);
  });

  it('socket: a deeply nested keyed bid answers 400 INPUT_TOO_DEEP, not 500', async () => {
    const bidder = await createUser(t);
    const a = await createAuction(t, seller, { startingPrice: 100 });
    const socket = await socketOf(bidder);
    // Written by hand: the client library's own encoder would overflow on it first.
    const depth = 7_000;
    const deep = '['.repeat(depth) + ']'.repeat(depth);
    const answers: string[] = [];
    socket.io.engine.on('message', (m: unknown) => answers.push(String(m)));
    socket.io.engine.write(
      `2901["place_bid",{"auctionId":"${a.id}","amount":150,"idempotencyKey":"${randomUUID()}","deep":${deep}}]`,
    );
    await new Promise<void>((resolve, reject) => {
      const started = Date.now();
      const wait = () =>
        answers.some((m) => m.startsWith('3901'))
          ? resolve()
          : Date.now() - started > 10_000
            ? reject(new Error('no acknowledgement'))
            : setTimeout(wait, 20);
      wait();
    });
    const ack = JSON.parse(answers.find((m) => m.startsWith('3901'))!.slice(4))[0];
    expect(ack).toMatchObject({ statusCode: 400, code: 'INPUT_TOO_DEEP' });
    expect(await storedFor(bidder)).toEqual(nothingStored);
    expect(await storedBids(t, a.id)).toHaveLength(0);
  });

  it('a real bid answer is recorded whole; one above MAX_RECORD_BYTES is recorded in short and replayed once-applied', async () => {
    const bidder = await createUser(t, { name: 'م'.repeat(100) });
    // The largest answer the limits allow: a 1,000-character Arabic description, 20 bidders with 100-character names.
    const a = await createAuction(t, seller, { startingPrice: 100 });
    const db = t.app.get(DataSource);
    await db.query(`UPDATE auctions SET description = $2, title = $3 WHERE id = $1`, [
      a.id,
      'و'.repeat(1000),
      'ع'.repeat(100),
    ]);
    for (let i = 0; i < 19; i++) {
      const other = await createUser(t, { name: `${'ب'.repeat(97)}${i}`.padEnd(100, 'ب') });
      await bid(a.id, other, `fill-${i}-${randomUUID()}`)
        .send({ amount: 101 + i })
        .expect(200);
    }
    const key = `big-${randomUUID()}`;
    const real = await fullBid(a.id, bidder, key).send({ amount: 500 }).expect(200);
    const realBytes = Buffer.byteLength(JSON.stringify(real.body));
    expect(realBytes).toBeLessThan(MAX_RECORD_BYTES);
    expect((await fullBid(a.id, bidder, key).send({ amount: 500 }).expect(200)).body).toEqual(real.body);

    // An answer beyond the cap (an image path no upload makes, written straight into the database).
    const huge = await createAuction(t, seller, { startingPrice: 100 });
    await db.query(`UPDATE auctions SET images = ARRAY[$2] WHERE id = $1`, [huge.id, `/uploads/${'x'.repeat(40_000)}`]);
    const hugeKey = `huge-${randomUUID()}`;
    const first = await fullBid(huge.id, bidder, hugeKey).send({ amount: 200 }).expect(200);
    expect(Buffer.byteLength(JSON.stringify(first.body))).toBeGreaterThan(40_000);
    const sizes = await Promise.all((await storedFor(bidder)).records.map((k) => redis().strlen(k)));
    for (const size of sizes) expect(size).toBeLessThanOrEqual(MAX_RECORD_BYTES);

    const replay = await fullBid(huge.id, bidder, hugeKey).send({ amount: 200 }).expect(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual({ success: true, message: first.body.message });
    expect((await storedBids(t, huge.id)).map((b) => b.amountFils)).toEqual([200_000]);
  });

  it(`keeps at most ${MAX_KEYS_PER_MEMBER} keys per member, also under parallel requests (the oldest go)`, async () => {
    const bidder = await createUser(t);
    const auctions = await Promise.all([1, 2, 3].map(() => createAuction(t, seller, { startingPrice: 100 })));
    const total = MAX_KEYS_PER_MEMBER + 60;
    const answers = await Promise.all(
      Array.from({ length: total }, (_, i) =>
        bid(auctions[i % 3].id, bidder, `cap-${i}-${randomUUID()}`).send({ amount: 101 + i }),
      ),
    );
    // Every bid is answered (accepted or refused as too low): none is refused for the cap.
    for (const r of answers) expect([200, 400]).toContain(r.status);
    const stored = await storedFor(bidder);
    expect(stored.indexed).toBe(MAX_KEYS_PER_MEMBER);
    expect(stored.records.length).toBeLessThanOrEqual(MAX_KEYS_PER_MEMBER);

    // A new key still works at the cap, and the member stays at the cap.
    await bid(auctions[0].id, bidder, `cap-new-${randomUUID()}`).send({ amount: 10_000 }).expect(200);
    const after = await storedFor(bidder);
    expect(after.indexed).toBe(MAX_KEYS_PER_MEMBER);
    expect(after.records.length).toBeLessThanOrEqual(MAX_KEYS_PER_MEMBER);
  });

  it(`socket: a frame above ${MAX_SOCKET_MESSAGE_BYTES} bytes closes the connection; real events still work`, async () => {
    const bidder = await createUser(t);
    const a = await createAuction(t, seller, { startingPrice: 100 });
    const socket = await socketOf(bidder);
    const closed = new Promise<string>((resolve, reject) => {
      socket.once('disconnect', resolve);
      setTimeout(() => reject(new Error('still connected')), 10_000);
    });
    socket.emit('place_bid', { auctionId: a.id, amount: 150, idempotencyKey: randomUUID(), pad: 'x'.repeat(20_000) });
    expect(await closed).toBe('transport close');
    expect(await storedFor(bidder)).toEqual(nothingStored);

    const again = await socketOf(bidder);
    expect(await emit(again, 'join_auction', a.id)).toEqual({ ok: true, auctionId: a.id });
    const placed = await emit(again, 'place_bid', { auctionId: a.id, amount: 150, idempotencyKey: randomUUID() });
    expect(placed).toMatchObject({ success: true });
  });

  it('socket: an event whose handler fails gets an error without its payload echoed back', async () => {
    const bidder = await createUser(t);
    const socket = await socketOf(bidder);
    const heard: string[] = [];
    socket.io.engine.on('message', (m: unknown) => heard.push(String(m)));
    const gateway = t.app.get(RealtimeGateway);
    // A failure nobody planned for (the handler's own work throws).
    const failing = jest
      .spyOn(gateway as unknown as { join: () => Promise<unknown> }, 'join')
      .mockRejectedValueOnce(new Error('boom'));
    const marker = `echo-${randomUUID()}`;
    try {
      const ack = await emit(socket, 'join_auction', { auctionId: marker, note: marker });
      expect(ack).toMatchObject({ statusCode: 500, code: 'INTERNAL_ERROR' });
    } finally {
      failing.mockRestore();
    }
    expect(heard.some((m) => m.includes('INTERNAL_ERROR'))).toBe(true);
    expect(heard.filter((m) => m.includes(marker))).toEqual([]);
  });
});
