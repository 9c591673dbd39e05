/**
 * Socket watchers in a process of their own, so parsing thousands of broadcasts does not stall
 * the bidders' event loop (and their latency figures). Started with fork(); talks over IPC:
 *   parent → { type: 'start', urls, count, auctionId }   child → { type: 'ready' }
 *   parent → { type: 'stop' }                             child → { type: 'report', … }
 */
import { SocketEvents } from '@mazad/contracts';
import { io } from 'socket.io-client';
import { percentile } from './stats.mjs';

const MEASURING_WATCHERS_PER_INSTANCE = 100;
let sockets = [];
const latencies = [];
let delivered = 0;
const lastPrice = new Map();

async function start({ urls, count, auctionId }) {
  for (let i = 0; i < count; i += 100) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + 100); j++) {
      const url = urls[j % urls.length];
      const measuring = Math.floor(j / urls.length) < MEASURING_WATCHERS_PER_INSTANCE;
      const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true });
      socket.on(SocketEvents.NewBid, (payload) => {
        delivered++;
        lastPrice.set(j, payload.auction?.currentPrice);
        if (!measuring) return;
        const now = Date.now();
        for (const b of payload.bids ?? [payload.bid]) latencies.push(now - Date.parse(b.createdAt));
      });
      sockets.push(socket);
      batch.push(
        new Promise((resolve, reject) => {
          socket.once('connect', () =>
            socket
              .timeout(10_000)
              .emit(SocketEvents.JoinAuction, auctionId, (err, ack) =>
                err || !ack?.ok ? reject(err ?? new Error('join refused')) : resolve(),
              ),
          );
          socket.once('connect_error', reject);
        }),
      );
    }
    await Promise.all(batch);
  }
}

process.on('message', async (msg) => {
  if (msg.type === 'start') {
    await start(msg);
    process.send({ type: 'ready' });
  } else if (msg.type === 'stop') {
    const prices = {};
    for (const p of lastPrice.values()) prices[p] = (prices[p] ?? 0) + 1;
    process.send({
      type: 'report',
      delivered,
      samples: latencies.length,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      prices,
    });
    for (const s of sockets) s.disconnect();
    sockets = [];
    setTimeout(() => process.exit(0), 100);
  }
});
