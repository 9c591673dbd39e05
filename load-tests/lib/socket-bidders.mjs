/**
 * Bidders over the socket (docs/realtime.md, "Bids over the socket"; both paths in the benchmark): one
 * signed-in bare `ws` socket per bidder and bid instance (Engine.IO v4 / Socket.IO v5, see
 * lib/engine-io.mjs, handshake `40{"token":…}`), sending
 *
 *   42<ack>["place_bid",{ auctionId, amount, idempotencyKey, view: 'live' }]
 *
 * (`view: 'live'`: the answer carries the live view, as the web app asks: ADR 0018)
 * and reading the acknowledgement `43<ack>[answer]`: the HTTP call's answer (`{ success, bid,
 * auction }`) or its error (`{ statusCode, code, message, error }`), so a socket bid is counted
 * like an HTTP one (status 200, or the error's statusCode).
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { LIVE_BID_ANSWER } from '@mazad/contracts';
import { PONG, decodePacket, encodeConnect, encodeEvent, socketUrl } from './engine-io.mjs';

export const PLACE_BID = 'place_bid';
const CONNECT_TIMEOUT_MS = 15_000;

/** The status a socket answer stands for: 200 for a success, else the error's statusCode. */
export function ackStatus(answer) {
  if (answer?.success === true || answer?.bid) return 200;
  return Number(answer?.statusCode) || 500;
}

function connect(url, token) {
  const ws = new WebSocket(socketUrl(url), { perMessageDeflate: false });
  const waiting = new Map();
  let nextAck = 0;
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket bidder: connect timed out')), CONNECT_TIMEOUT_MS);
    ws.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    ws.on('close', () => {
      for (const done of waiting.values()) done(null);
      waiting.clear();
    });
    ws.on('message', (frame) => {
      if (frame.length === 1 && frame[0] === 0x32) return ws.send(PONG);
      const packet = decodePacket(frame);
      if (packet.type === 'open') ws.send(encodeConnect({ token }));
      else if (packet.type === 'connect') {
        clearTimeout(timer);
        resolve();
      } else if (packet.type === 'connect_error') {
        clearTimeout(timer);
        reject(new Error(`socket bidder refused: ${JSON.stringify(packet.data)}`));
      } else if (packet.type === 'ack') {
        const done = waiting.get(packet.ackId);
        waiting.delete(packet.ackId);
        done?.(packet.args[0]);
      }
    });
  });
  return {
    ready,
    /** Resolves with the acknowledgement's answer, or null when the socket closed first. */
    emit(event, payload) {
      const id = nextAck++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        ws.send(encodeEvent(event, [payload], id));
      });
    },
    close: () => ws.terminate(),
  };
}

/**
 * Opens one socket per bidder on each of `urls` (signed in with the bidder's token). Returns
 * `placeBid(bidderIndex, urlIndex, auctionId, amount, idempotencyKey?)` → `{ status, body }`
 * (a fresh idempotency key unless given) and `close()`.
 */
export async function openSocketBidders(urls, bidders) {
  const sockets = urls.map((url) => bidders.map((b) => connect(url, b.token)));
  await Promise.all(sockets.flat().map((s) => s.ready));
  return {
    async placeBid(bidderIndex, urlIndex, auctionId, amount, idempotencyKey = randomUUID()) {
      const answer = await sockets[urlIndex][bidderIndex].emit(PLACE_BID, {
        auctionId,
        amount,
        idempotencyKey,
        ...LIVE_BID_ANSWER,
      });
      if (answer === null) throw Object.assign(new Error('socket closed'), { code: 'SOCKET_CLOSED' });
      return { status: ackStatus(answer), body: answer };
    },
    close() {
      for (const s of sockets.flat()) s.close();
    },
  };
}
