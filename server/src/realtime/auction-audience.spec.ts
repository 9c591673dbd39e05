import { auctionRoom } from '@mazad/contracts';
import { AppConfig } from '../config/app-config';
import { AUDIENCE_TTL_MS, AuctionAudience, audienceOf } from './auction-audience';
import { AUDIENCE_QUERY, type AudienceShare } from './process-events';
import type { RealtimeGateway } from './realtime.gateway';

describe('audienceOf', () => {
  it('alone, a process is the whole truth: its room and itself as the one sender', () => {
    expect(audienceOf({ watchers: 700, sendsBids: true }, [])).toEqual({ largestRoom: 700, senders: 1 });
  });

  it('takes the largest room of any process, and counts the processes that commit bids', () => {
    const api = { watchers: 0, sendsBids: true };
    const worker = { watchers: 0, sendsBids: false };
    expect(audienceOf(api, [worker, { watchers: 1_200, sendsBids: true }, { watchers: 900, sendsBids: true }])).toEqual(
      { largestRoom: 1_200, senders: 3 },
    );
  });
});

describe('AuctionAudience', () => {
  const auctionId = '4b0c3c1e-1f0f-4f57-9d55-0d6c7f3a7a01';
  const configWith = (roles: string) =>
    AppConfig.fromEnvironment({ JWT_SECRET: 'unit-test-secret-that-is-long-enough-0123456789', MAZAD_ROLES: roles });
  const settle = () => new Promise((r) => setImmediate(r));

  /** A process's Socket.IO server as the audience sees it: its rooms, the query it answers, the query it asks. */
  function serverHolding(localWatchers: number, answers: () => Promise<AudienceShare[]>) {
    const rooms = new Map([
      [auctionRoom(auctionId), new Set(Array.from({ length: localWatchers }, (_, i) => `s${i}`))],
    ]);
    const listeners = new Map<string, (...args: unknown[]) => void>();
    const namespace = {
      adapter: { rooms },
      on: (ev: string, fn: (...args: unknown[]) => void) => listeners.set(ev, fn),
    };
    const serverSideEmitWithAck = jest.fn(answers);
    const server = { of: () => namespace, serverSideEmitWithAck };
    return { gateway: { server } as unknown as RealtimeGateway, listeners, serverSideEmitWithAck };
  }

  afterEach(() => jest.useRealTimers());

  it('an api process judges by the gateways’ rooms once they answered, never waiting for them', async () => {
    const gateways = [
      { watchers: 800, sendsBids: true },
      { watchers: 1_000, sendsBids: true },
      { watchers: 0, sendsBids: false }, // a worker
    ];
    const { gateway: g, serverSideEmitWithAck } = serverHolding(0, async () => gateways);
    const audience = new AuctionAudience(g, configWith('api'));

    // Not known yet: the local room (none) and itself; the question goes out in the background.
    expect(audience.of(auctionId)).toEqual({ largestRoom: 0, senders: 1 });
    expect(serverSideEmitWithAck).toHaveBeenCalledWith(AUDIENCE_QUERY, auctionId);
    await settle();
    expect(audience.of(auctionId)).toEqual({ largestRoom: 1_000, senders: 3 });
    expect(serverSideEmitWithAck).toHaveBeenCalledTimes(1);
  });

  it('asks again only once the answers are AUDIENCE_TTL_MS old, answering the last ones meanwhile', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    let watchers = 300;
    const { gateway: g, serverSideEmitWithAck } = serverHolding(0, async () => [{ watchers, sendsBids: true }]);
    const audience = new AuctionAudience(g, configWith('api'));
    audience.of(auctionId);
    await settle();
    watchers = 900;
    jest.advanceTimersByTime(AUDIENCE_TTL_MS - 1);
    expect(audience.of(auctionId).largestRoom).toBe(300);
    expect(serverSideEmitWithAck).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(audience.of(auctionId).largestRoom).toBe(300);
    await settle();
    expect(audience.of(auctionId).largestRoom).toBe(900);
    expect(serverSideEmitWithAck).toHaveBeenCalledTimes(2);
  });

  it('a query that timed out keeps the answers that came, and with none the last ones', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    const outcomes: (() => Promise<AudienceShare[]>)[] = [
      async () => [{ watchers: 400, sendsBids: true }],
      () => Promise.reject(Object.assign(new Error('timeout reached'), { responses: [] })),
      () =>
        Promise.reject(Object.assign(new Error('timeout reached'), { responses: [{ watchers: 50, sendsBids: true }] })),
    ];
    const { gateway: g } = serverHolding(0, () => outcomes.shift()!());
    const audience = new AuctionAudience(g, configWith('api'));
    const largestRoomAfterAnswer = async () => {
      audience.of(auctionId); // asks
      await settle();
      const largest = audience.of(auctionId).largestRoom;
      jest.advanceTimersByTime(AUDIENCE_TTL_MS);
      return largest;
    };
    expect(await largestRoomAfterAnswer()).toBe(400);
    expect(await largestRoomAfterAnswer()).toBe(400);
    expect(await largestRoomAfterAnswer()).toBe(50);
  });

  it('its own room is read live, and a gateway answers the others with it', () => {
    const { gateway: g, listeners } = serverHolding(5, async () => []);
    const audience = new AuctionAudience(g, configWith('gateway'));
    audience.onModuleInit();
    expect(audience.of(auctionId)).toEqual({ largestRoom: 5, senders: 1 });
    const answer = jest.fn();
    listeners.get(AUDIENCE_QUERY)!(auctionId, answer);
    expect(answer).toHaveBeenCalledWith({ watchers: 5, sendsBids: true });
  });

  it('a worker-only process answers that it sends no bids', () => {
    const { gateway: g, listeners } = serverHolding(0, async () => []);
    new AuctionAudience(g, configWith('worker')).onModuleInit();
    const answer = jest.fn();
    listeners.get(AUDIENCE_QUERY)!(auctionId, answer);
    expect(answer).toHaveBeenCalledWith({ watchers: 0, sendsBids: false });
  });
});
