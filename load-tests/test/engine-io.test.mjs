/**
 * The lean watcher's wire format (lib/engine-io.mjs): Engine.IO v4 / Socket.IO v5 packets as
 * socket.io 4 writes and reads them.
 *   node --test load-tests/test/
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  PONG,
  decodePacket,
  encodeConnect,
  encodeEvent,
  isEventFrame,
  lastIntegerField,
  socketUrl,
} from '../lib/engine-io.mjs';

test('socketUrl points at the websocket transport of engine.io v4', () => {
  assert.equal(socketUrl('http://127.0.0.1:3120'), 'ws://127.0.0.1:3120/socket.io/?EIO=4&transport=websocket');
  assert.equal(socketUrl('https://mazad.example'), 'wss://mazad.example/socket.io/?EIO=4&transport=websocket');
});

test('encodes connect (with and without auth), events with an ack id, and the pong', () => {
  assert.equal(encodeConnect(), '40');
  assert.equal(encodeConnect({ token: 'abc' }), '40{"token":"abc"}');
  assert.equal(encodeEvent('join_auction', ['id-1'], 0), '420["join_auction","id-1"]');
  assert.equal(encodeEvent('join_auction', ['id-1'], 12), '4212["join_auction","id-1"]');
  assert.equal(encodeEvent('leave', [{ auctionId: 'x' }]), '42["leave",{"auctionId":"x"}]');
  assert.equal(PONG, '3');
});

test('decodes the packets a watcher receives', () => {
  assert.deepEqual(decodePacket('0{"sid":"s1","pingInterval":20000,"pingTimeout":20000,"maxPayload":1000000}'), {
    type: 'open',
    data: { sid: 's1', pingInterval: 20000, pingTimeout: 20000, maxPayload: 1000000 },
  });
  assert.deepEqual(decodePacket('2'), { type: 'ping' });
  assert.deepEqual(decodePacket('1'), { type: 'close' });
  assert.deepEqual(decodePacket('40{"sid":"abc"}'), { type: 'connect', data: { sid: 'abc' } });
  assert.deepEqual(decodePacket('41'), { type: 'disconnect', data: undefined });
  assert.deepEqual(decodePacket('44{"message":"Not authorized"}'), {
    type: 'connect_error',
    data: { message: 'Not authorized' },
  });
  assert.deepEqual(decodePacket('430[{"ok":true,"auctionId":"a"}]'), {
    type: 'ack',
    ackId: 0,
    args: [{ ok: true, auctionId: 'a' }],
  });
  assert.deepEqual(decodePacket('4317[false]'), { type: 'ack', ackId: 17, args: [false] });
  assert.deepEqual(decodePacket(Buffer.from('42["new_bid",{"auction":{"currentPrice":1.5},"bid":{"amount":1.5}}]')), {
    type: 'event',
    name: 'new_bid',
    args: [{ auction: { currentPrice: 1.5 }, bid: { amount: 1.5 } }],
    ackId: undefined,
  });
  // Another namespace: skipped up to the comma.
  assert.deepEqual(decodePacket('42/admin,["x",1]'), { type: 'event', name: 'x', args: [1], ackId: undefined });
  // Arabic text travels as UTF-8 bytes.
  assert.equal(
    decodePacket(Buffer.from('42["error",{"message":"المعرّف غير صالح"}]')).args[0].message,
    'المعرّف غير صالح',
  );
  assert.equal(decodePacket('x').type, 'unknown');
});

test('recognises a named event frame from its first bytes', () => {
  assert.equal(isEventFrame(Buffer.from('42["new_bid",{}]'), 'new_bid'), true);
  assert.equal(isEventFrame('42["new_bid",{}]', 'new_bid'), true);
  assert.equal(isEventFrame(Buffer.from('42["new_bids",{}]'), 'new_bid'), false);
  assert.equal(isEventFrame(Buffer.from('42["auction_updated",{}]'), 'new_bid'), false);
  assert.equal(isEventFrame(Buffer.from('430[{"ok":true}]'), 'new_bid'), false);
  assert.equal(isEventFrame(Buffer.from('2'), 'new_bid'), false);
});

test('lastIntegerField reads a number on the bytes: the last real key, never one inside a string', () => {
  const frame = '42["new_bid",{"auction":{"bidCount":12,"seq":12},"bid":{"bidder":{"name":"\\"seq\\":99"}}}]';
  assert.equal(lastIntegerField(frame, 'seq'), 12);
  assert.equal(lastIntegerField(Buffer.from(frame), 'seq'), 12);
  assert.equal(lastIntegerField(Buffer.from('42["x",{"seq":1,"a":{"seq":305}}]'), 'seq'), 305);
  assert.equal(lastIntegerField('42["x",{"a":1}]', 'seq'), null);
  assert.equal(lastIntegerField('42["x",{"seq":null}]', 'seq'), null);
});
