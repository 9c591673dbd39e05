import type { ApiErrorBody } from '@mazad/contracts';
import type { AuthUser } from '../auth';
import { type HeldUntilAnswered, SocketEventGate } from './socket-event-gate';

const BUSY = { statusCode: 503, code: 'AUCTION_BUSY', message: 'm', error: 'm', retryAfter: 1 } as ApiErrorBody;
const MEMBER = { id: 'member-1', isVerified: true } as AuthUser;
const socket = { data: { user: MEMBER } };

describe('SocketEventGate', () => {
  function gateAnswering(verdict: (payload: unknown) => ApiErrorBody | HeldUntilAnswered | null) {
    const gate = new SocketEventGate();
    const check = jest.fn((payload: unknown, _member: AuthUser | undefined) => verdict(payload));
    gate.register('place_bid', check);
    return { middleware: gate.middleware(socket), check };
  }

  it('lets through the events its checks admit, and those without a check; a check sees the member', () => {
    const { middleware, check } = gateAnswering(() => null);
    const next = jest.fn();
    middleware(['place_bid', { auctionId: 'a' }, jest.fn()], next);
    middleware(['join_auction', 'a'], next);
    expect(next).toHaveBeenCalledTimes(2);
    expect(next).toHaveBeenCalledWith();
    expect(check).toHaveBeenCalledWith({ auctionId: 'a' }, MEMBER);
  });

  it('answers a refused event on its acknowledgement only, and stops it there', () => {
    const { middleware } = gateAnswering(() => BUSY);
    const next = jest.fn();
    const ack = jest.fn();
    middleware(['place_bid', { auctionId: 'a' }, ack], next);
    expect(ack).toHaveBeenCalledWith(BUSY);
    expect(next).not.toHaveBeenCalled();
    // Without an acknowledgement it is dropped (as its handler ignores it).
    middleware(['place_bid', { auctionId: 'a' }], next);
    expect(next).not.toHaveBeenCalled();
  });

  it('releases what an admitted event holds when its acknowledgement is sent, before the answer leaves', () => {
    const order: string[] = [];
    const held = { release: jest.fn(() => order.push('released')) };
    const { middleware } = gateAnswering(() => held);
    const ack = jest.fn(() => order.push('answered'));
    const packet: unknown[] = ['place_bid', { auctionId: 'a' }, ack];
    const next = jest.fn();
    middleware(packet, next);
    expect(next).toHaveBeenCalledWith();
    expect(held.release).not.toHaveBeenCalled();
    // The handler answers on the acknowledgement it is given: the wrapped one.
    (packet[2] as (body: unknown) => void)({ success: true });
    expect(ack).toHaveBeenCalledWith({ success: true });
    expect(order).toEqual(['released', 'answered']);
  });

  it('releases at once what an event without acknowledgement holds (nothing will answer it)', () => {
    const held = { release: jest.fn() };
    const { middleware } = gateAnswering(() => held);
    const next = jest.fn();
    middleware(['place_bid', { auctionId: 'a' }], next);
    expect(held.release).toHaveBeenCalledTimes(1);
    expect(next).toHaveBeenCalledWith();
  });
});
