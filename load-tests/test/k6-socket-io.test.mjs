/**
 * The k6 watchers' framing (k6/lib/socket-io.mjs) against the Node runner's (lib/engine-io.mjs),
 * which the bench checks against socket.io itself: both must read and write the same packets.
 * And the k6 watchers' quick read of `new_bid` frames (k6/lib/new-bid.mjs) against a full parse,
 * for both message shapes.
 *   node --test load-tests/test/
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as node from '../lib/engine-io.mjs';
import { NEW_BID_FRAME, readNewBid } from '../k6/lib/new-bid.mjs';
import * as k6 from '../k6/lib/socket-io.mjs';

test('the k6 framing writes what the Node runner writes', () => {
  for (const base of ['http://127.0.0.1:3400', 'https://mazad.example']) {
    assert.equal(k6.socketUrl(base), node.socketUrl(base));
  }
  assert.equal(k6.encodeConnect({ token: 'abc' }), node.encodeConnect({ token: 'abc' }));
  assert.equal(k6.encodeEvent('join_auction', ['id-1'], 0), node.encodeEvent('join_auction', ['id-1'], 0));
  assert.equal(k6.encodeEvent('leave', [{ auctionId: 'x' }]), node.encodeEvent('leave', [{ auctionId: 'x' }]));
  assert.equal(k6.PONG, node.PONG);
});

test('the k6 framing reads what the Node runner reads', () => {
  const frames = [
    '0{"sid":"s1","pingInterval":20000,"pingTimeout":20000,"maxPayload":1000000}',
    '2',
    '1',
    '40{"sid":"abc"}',
    '430[{"ok":true,"auctionId":"a1"}]',
    '44{"message":"Not authorized"}',
    '41',
    '42["new_bid",{"auction":{"_id":"a1","currentPrice":12.5,"seq":7},"bid":{"amount":12.5,"createdAt":"2026-11-23T23:00:00.000Z"}}]',
    '42["auction_updated",{"auction":{"_id":"a1","currentPrice":12.5}}]',
    'x-not-a-packet',
  ];
  for (const frame of frames) assert.deepEqual(k6.decodePacket(frame), node.decodePacket(frame), frame);
});

test('a new_bid frame gives the auction price and the reported bid commit time, lean or full', () => {
  const party = (id, name) => ({ _id: id, id, name });
  const bid = (amount, at) => ({
    _id: `b${amount}`,
    id: `b${amount}`,
    amount,
    bidder: party('u1', 'مزايد "أ"'),
    createdAt: at,
  });
  const lean = {
    auction: {
      _id: 'a1',
      currentPrice: 12.5,
      bidCount: 7,
      endTime: '2026-11-24T00:00:00.000Z',
      status: 'نشط',
      winner: null,
      lastBids: [bid(12.5, '2026-11-23T23:00:00.300Z'), bid(12.4, '2026-11-23T23:00:00.200Z')],
      seq: 7,
    },
    bid: bid(12.5, '2026-11-23T23:00:00.300Z'),
  };
  const full = {
    auction: {
      _id: 'a1',
      title: 'عنوان فيه "currentPrice":1 و"bid":{}',
      seller: party('s1', 'بائع'),
      startingPrice: 1,
      currentPrice: 99.125,
      bids: [bid(99.125, '2026-11-23T23:00:01.000Z'), bid(98, '2026-11-23T23:00:00.900Z')],
      winner: null,
    },
    bid: bid(99.125, '2026-11-23T23:00:01.000Z'),
  };
  for (const payload of [lean, full]) {
    const frame = `42${JSON.stringify(['new_bid', payload])}`;
    assert.ok(frame.startsWith(NEW_BID_FRAME));
    assert.deepEqual(readNewBid(frame), {
      currentPrice: payload.auction.currentPrice,
      createdAt: payload.bid.createdAt,
    });
  }
});
