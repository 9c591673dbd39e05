import type { ApiErrorBody } from '@mazad/contracts';
import { SocketEventGate } from './socket-event-gate';

const BUSY = { statusCode: 503, code: 'AUCTION_BUSY', message: 'm', error: 'm', retryAfter: 1 } as ApiErrorBody;

describe('SocketEventGate', () => {
  function gateRefusing(refuse: (payload: unknown) => boolean) {
    const gate = new SocketEventGate();
    gate.register('place_bid', (payload) => (refuse(payload) ? BUSY : null));
    return gate;
  }

  it('lets through the events its checks admit, and those without a check', () => {
    const gate = gateRefusing(() => false);
    const next = jest.fn();
    gate.middleware(['place_bid', { auctionId: 'a' }, jest.fn()], next);
    gate.middleware(['join_auction', 'a'], next);
    expect(next).toHaveBeenCalledTimes(2);
    expect(next).toHaveBeenCalledWith();
  });

  it('answers a refused event on its acknowledgement only, and stops it there', () => {
    const gate = gateRefusing(() => true);
    const next = jest.fn();
    const ack = jest.fn();
    gate.middleware(['place_bid', { auctionId: 'a' }, ack], next);
    expect(ack).toHaveBeenCalledWith(BUSY);
    expect(next).not.toHaveBeenCalled();
    // Without an acknowledgement it is dropped (as its handler ignores it).
    gate.middleware(['place_bid', { auctionId: 'a' }], next);
    expect(next).not.toHaveBeenCalled();
  });
});
