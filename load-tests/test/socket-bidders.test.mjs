/**
 * The bench's socket bidders (lib/socket-bidders.mjs) against a stand-in Socket.IO server on
 * plain `ws`: they sign in with the member's token and send `place_bid` asking for the live view
 * (`view: 'live'`, as the web app does: the whole auction is the product's default answer,
 * docs/adr/0018-whole-auction-by-default.md), and read the acknowledgement as the HTTP status.
 *   node --test load-tests/test/
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, test } from 'node:test';
import { WebSocketServer } from 'ws';
import { decodePacket } from '../lib/engine-io.mjs';
import { openSocketBidders } from '../lib/socket-bidders.mjs';

let server;
const handshakes = [];
const events = [];

before(async () => {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server.on('connection', (ws) => {
    ws.send('0{"sid":"stand-in","pingInterval":25000,"pingTimeout":20000,"maxPayload":1000000}');
    ws.on('message', (frame) => {
      const text = frame.toString('utf8');
      if (text.startsWith('40')) {
        handshakes.push(JSON.parse(text.slice(2)));
        return ws.send('40{"sid":"stand-in-socket"}');
      }
      const packet = decodePacket(text);
      if (packet.type !== 'event') return;
      events.push({ name: packet.name, payload: packet.args[0] });
      ws.send(`43${packet.ackId}${JSON.stringify([{ success: true, bid: { amount: packet.args[0].amount } }])}`);
    });
  });
  await once(server, 'listening');
});

after(() => server.close());

test('a socket bid asks for the live view, signed in, with a fresh idempotency key', async () => {
  const url = `http://127.0.0.1:${server.address().port}`;
  const bidders = await openSocketBidders([url], [{ token: 'member-token' }]);
  try {
    const answer = await bidders.placeBid(0, 0, 'auction-1', 12.5);
    assert.deepEqual(answer, { status: 200, body: { success: true, bid: { amount: 12.5 } } });
  } finally {
    bidders.close();
  }
  assert.deepEqual(handshakes, [{ token: 'member-token' }]);
  assert.equal(events.length, 1);
  const { name, payload } = events[0];
  assert.equal(name, 'place_bid');
  assert.deepEqual(
    { ...payload, idempotencyKey: typeof payload.idempotencyKey },
    {
      auctionId: 'auction-1',
      amount: 12.5,
      idempotencyKey: 'string',
      view: 'live',
    },
  );
});
