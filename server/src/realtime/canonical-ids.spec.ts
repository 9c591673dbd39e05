import { canonicalizeIds } from './canonical-ids';

const LOWER = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11';
const UPPER = LOWER.toUpperCase();

/** Runs the middleware on a packet as Socket.IO does; answers the packet its handler receives. */
function run(packet: unknown[]): unknown[] {
  const next = jest.fn();
  canonicalizeIds(packet, next);
  expect(next).toHaveBeenCalledWith();
  return packet;
}

describe('canonicalizeIds (socket packet middleware)', () => {
  it('lower-cases an id sent as the payload itself (room requests)', () => {
    const ack = () => undefined;
    expect(run(['join_auction', UPPER, ack])).toEqual(['join_auction', LOWER, ack]);
  });

  it('lower-cases every …Id field of an object payload (bids), leaving the other fields', () => {
    const [, payload] = run(['place_bid', { auctionId: UPPER, amount: 5, idempotencyKey: 'Key-A', receiverId: UPPER }]);
    expect(payload).toEqual({ auctionId: LOWER, amount: 5, idempotencyKey: 'Key-A', receiverId: LOWER });
  });

  it('leaves what is not a UUID for the handler to refuse', () => {
    expect(run(['join_auction', 'Not-An-Id'])).toEqual(['join_auction', 'Not-An-Id']);
    const [, payload] = run(['place_bid', { auctionId: 7 }]);
    expect(payload).toEqual({ auctionId: 7 });
    expect(run(['leave', [UPPER]])).toEqual(['leave', [UPPER]]);
    expect(run(['place_bid', null])).toEqual(['place_bid', null]);
  });
});
