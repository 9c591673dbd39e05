/**
 * The k6 watchers' framing (k6/lib/socket-io.mjs) against the Node runner's (lib/engine-io.mjs),
 * which the bench checks against socket.io itself: both must read and write the same packets.
 *   node --test load-tests/test/
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as node from '../lib/engine-io.mjs';
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
