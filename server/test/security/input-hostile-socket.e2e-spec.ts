import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { Socket } from 'socket.io-client';
import { ERRORS, SocketEvents, type ClientToServerEvents, type ErrorCode } from '@mazad/contracts';
import { createAuction } from '../support/auctions';
import { connectSocket, joinAuction } from '../support/sockets';
import { forbiddenCharacter, ordinaryText } from '../support/hostile-text';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser } from '../support/users';

/**
 * The socket counterpart of input-hostile-property: every client-to-server event of the
 * contract, every field of its payload (and the payload itself), every hostile value, sent by a
 * visitor's socket and by a signed-in verified member's. The answer is an acknowledgement or an
 * `error` event in the error format with a 4xx code — never a 5xx or INTERNAL_ERROR —, nothing
 * of the hostile value comes back, and the sockets and the server stay healthy.
 *
 * EXAMPLES is typed by ClientToServerEvents: an event added to the contract does not compile
 * here until it has a valid example, and is then covered like the others.
 */

type ClientEvent = keyof ClientToServerEvents;
type Example<E extends ClientEvent> = Parameters<ClientToServerEvents[E]>[0];

interface Fixture {
  /** An open auction of another member (bids, rooms). */
  auctionId: string;
  /** An open auction with a buy-now price (the first valid purchase ends it; later ones are refused). */
  buyNowId: string;
}

/** A valid payload of each event, the other fields of a request whose one field is hostile. */
const EXAMPLES: { [E in ClientEvent]: (f: Fixture) => Example<E> } = {
  [SocketEvents.JoinAuction]: (f) => ({ auctionId: f.auctionId }),
  [SocketEvents.JoinAuctionAlt]: (f) => f.auctionId,
  [SocketEvents.LeaveAuction]: (f) => ({ auctionId: f.auctionId }),
  [SocketEvents.LeaveAuctionAlt]: (f) => f.auctionId,
  [SocketEvents.PlaceBid]: (f) => ({ auctionId: f.auctionId, amount: 1_000_000, idempotencyKey: randomUUID() }),
  [SocketEvents.BuyNow]: (f) => ({ auctionId: f.buyNowId, expectedPrice: 500, idempotencyKey: randomUUID() }),
};
const EVENTS = Object.keys(EXAMPLES) as ClientEvent[];

interface Hostile {
  label: string;
  value: unknown;
  /** Refused wherever it is sent (class-1 characters, nesting, prototype keys); others may be accepted where harmless. */
  refused: boolean;
}

const nested = (levels: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i += 1) value = [value];
  return value;
};
const protoKeyed = () => JSON.parse('{"__proto__":{"isAdmin":true},"a":1}') as unknown;

const HOSTILE: Hostile[] = [
  { label: 'NUL inside', value: 'سارة\u0000أحمد', refused: true },
  { label: 'NUL alone', value: '\u0000', refused: true },
  { label: 'escape and bell', value: '\u001b[2J\u0007نص', refused: true },
  { label: 'DEL and C1', value: 'نص\u007f\u0085', refused: true },
  { label: 'lone high surrogate', value: 'نص\ud800', refused: true },
  { label: 'lone low surrogate', value: '\udc00', refused: true },
  { label: 'bidi override', value: 'سارة \u202Egnp.exe\u202C', refused: false },
  { label: 'bidi isolate', value: '\u2067نص\u2069', refused: false },
  // Under the transport's frame limit (MAX_SOCKET_MESSAGE_BYTES, its own test), so the event is handled.
  { label: 'oversize string', value: 'ا'.repeat(5_000), refused: false },
  { label: '1,000-deep nesting', value: nested(1_000), refused: true },
  { label: 'number', value: -1.5, refused: false },
  { label: 'boolean', value: true, refused: false },
  { label: 'null', value: null, refused: false },
  { label: 'empty object', value: {}, refused: false },
  { label: 'array', value: ['x', 1], refused: false },
  { label: '__proto__ key', value: protoKeyed(), refused: true },
  { label: 'constructor key', value: { constructor: { prototype: { isAdmin: true } } }, refused: true },
];

/** Where a hostile value goes: one field of the example (also unknown prototype keys), or the whole payload. */
type Place = { field: string } | { whole: 'payload' | 'array of it' };

function placesOf(example: unknown): Place[] {
  const fields = example !== null && typeof example === 'object' ? Object.keys(example) : [];
  return [
    ...[...fields, '__proto__', 'constructor'].map((field) => ({ field })),
    { whole: 'payload' as const },
    { whole: 'array of it' as const },
  ];
}

function payloadFor(example: unknown, place: Place, value: unknown): unknown {
  if ('whole' in place) return place.whole === 'payload' ? value : [example, value];
  const base = example !== null && typeof example === 'object' ? { ...example } : { value: example };
  // Defined, not assigned: `__proto__` becomes an own key, as JSON.parse makes it on the server.
  return Object.defineProperty(base, place.field, { value, enumerable: true, configurable: true, writable: true });
}

const mustRefuse = (place: Place, hostile: Hostile) =>
  hostile.refused || ('field' in place && (place.field === '__proto__' || place.field === 'constructor'));

const ARABIC = /[\u0600-\u06FF]/;
const statusOf = (code: unknown) => (ERRORS as Record<string, { status: number }>)[String(code)]?.status;

describe('hostile values in every field of every socket event never give a 5xx', () => {
  let t: TestApp;
  let fixture: Fixture;
  let visitor: Socket;
  let member: Socket;

  beforeAll(async () => {
    // Limits off so that events reach their handlers instead of stopping at a 429.
    t = await startTestApp({ RATE_LIMITS: 'off' });
    const seller = await createUser(t);
    const bidder = await createUser(t);
    const auction = await createAuction(t, seller, { startingPrice: 100 });
    const buyNow = await createAuction(t, seller, { startingPrice: 100, buyNowPrice: 500 });
    fixture = { auctionId: auction.id, buyNowId: buyNow.id };
    visitor = await connectSocket(t.url);
    member = await connectSocket(t.url, bidder.token);
  });
  afterAll(async () => {
    visitor?.close();
    member?.close();
    await t.close();
  });

  /** Sends one event with an acknowledgement; resolves with the ack and the `error` events heard meanwhile. */
  async function send(socket: Socket, event: ClientEvent, payload: unknown) {
    const errors: { code?: string; message?: string }[] = [];
    const listener = (e: { code?: string; message?: string }) => errors.push(e);
    socket.on('error', listener);
    try {
      const ack: unknown = await socket.timeout(10_000).emitWithAck(event, payload);
      // An error event is emitted before the acknowledgement it goes with; let it arrive.
      await new Promise((r) => setImmediate(r));
      return { ack: ack as Record<string, unknown> | null, errors };
    } finally {
      socket.off('error', listener);
    }
  }

  function check(where: string, hostile: Hostile, refused: boolean, answer: Awaited<ReturnType<typeof send>>) {
    const { ack, errors } = answer;
    const ackIsError = ack !== null && typeof ack === 'object' && typeof ack.statusCode === 'number';
    if (ackIsError) {
      const status = ack.statusCode as number;
      expect({ where, status: status < 500 ? '4xx' : status }).toEqual({ where, status: '4xx' });
      expect({ where, known: statusOf(ack.code) === status }).toEqual({ where, known: true });
      expect({ where, arabic: ARABIC.test(String(ack.message)) && ack.error === ack.message }).toEqual({
        where,
        arabic: true,
      });
    }
    for (const e of errors) {
      const status = statusOf(e.code) ?? 'no known code';
      expect({ where, code: e.code, status: typeof status === 'number' && status < 500 ? '4xx' : status }).toEqual({
        where,
        code: e.code,
        status: '4xx',
      });
      expect({ where, code: e.code === ('INTERNAL_ERROR' satisfies ErrorCode) }).toEqual({ where, code: false });
    }
    if (refused) {
      const wasRefused = ackIsError || (ack !== null && typeof ack === 'object' && ack.ok === false);
      expect({ where, refused: wasRefused }).toEqual({ where, refused: true });
    }
    // Nothing of the hostile value comes back (field names are ours, or the refused key itself).
    if (typeof hostile.value === 'string') {
      const text = JSON.stringify([ack, errors]);
      const echoed = text.includes(JSON.stringify(hostile.value).slice(1, -1)) || text.includes(hostile.value);
      expect({ where, echoed }).toEqual({ where, echoed: false });
    }
    expect({ where, small: JSON.stringify([ack, errors]).length < 4_000 }).toEqual({ where, small: true });
  }

  it('covers every client event of the contract with at least its fields, the payload itself and an array', () => {
    expect(EVENTS.sort()).toEqual(
      [
        SocketEvents.JoinAuction,
        SocketEvents.JoinAuctionAlt,
        SocketEvents.LeaveAuction,
        SocketEvents.LeaveAuctionAlt,
        SocketEvents.PlaceBid,
        SocketEvents.BuyNow,
      ].sort(),
    );
    const bidPlaces = placesOf(EXAMPLES[SocketEvents.PlaceBid](fixture)).map((p) => ('field' in p ? p.field : p.whole));
    expect(bidPlaces).toEqual(expect.arrayContaining(['auctionId', 'amount', 'idempotencyKey', 'payload']));
  });

  it.each([
    ['a visitor', () => visitor],
    ['a signed-in verified member', () => member],
  ])('every event × every field × every hostile value from %s: a 4xx answer, never a 5xx', async (who, socketOf) => {
    const socket = socketOf();
    for (const event of EVENTS) {
      const example = EXAMPLES[event](fixture);
      for (const place of placesOf(example)) {
        for (const hostile of HOSTILE) {
          const payload = payloadFor(EXAMPLES[event](fixture), place, hostile.value);
          const where = `${who}: ${event} ${'field' in place ? place.field : place.whole} ← ${hostile.label}`;
          check(where, hostile, mustRefuse(place, hostile), await send(socket, event, payload));
        }
      }
    }
    // Still connected, still served: the same socket joins a room, and so does a new one.
    expect(socket.connected).toBe(true);
    await joinAuction(socket, fixture.auctionId);
    const fresh = await connectSocket(t.url);
    try {
      await joinAuction(fresh, fixture.auctionId);
    } finally {
      fresh.close();
    }
    await t.http().get('/api/health').expect(200);
  });

  it('random strings with a forbidden character in random fields (fast-check, bounded runs)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...EVENTS),
        fc.nat(),
        fc.boolean(),
        ordinaryText,
        forbiddenCharacter,
        ordinaryText,
        async (event, index, asMember, before, bad, after) => {
          const example = EXAMPLES[event](fixture);
          const places = placesOf(example);
          const place = places[index % places.length];
          const hostile: Hostile = { label: 'generated', value: `${before}${bad}${after}`, refused: true };
          const payload = payloadFor(example, place, hostile.value);
          const where = `${event} ${'field' in place ? place.field : place.whole} ← ${JSON.stringify(hostile.value)}`;
          check(where, hostile, true, await send(asMember ? member : visitor, event, payload));
        },
      ),
      { numRuns: 200, seed: 5 },
    );
    expect(visitor.connected && member.connected).toBe(true);
  });
});
