#!/usr/bin/env node
/**
 * What ONE replica can fan out on this machine: a bare Socket.IO server (this process, the
 * product's socket.io version, perMessageDeflate off as in production) writes lean `new_bid`
 * messages of the product's shape and size to W watchers (the benchmark's watchers process, in
 * its own process as in the benchmark) at rising message rates, and reports the frames written
 * per second and the emit→watcher latency at each rate. The product's Redis hop is per message,
 * not per watcher, so it is left out: this isolates the per-watcher cost.
 *   node load-tests/fanout-probe.mjs [--port 3110] [--watchers 1000] [--seconds 5] [--rates 5,10,20,40,80]
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { SocketEvents, auctionRoom } from '@mazad/contracts';
import { Server } from 'socket.io';

const { values: opts } = parseArgs({
  options: {
    port: { type: 'string', default: '3110' },
    watchers: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '5' },
    rates: { type: 'string', default: '5,10,20,40,80' },
  },
});
const PORT = +opts.port;
const W = +opts.watchers;
const SECONDS = +opts.seconds;
const AUCTION = '0c0e3a52-7c1b-4b0e-9d44-6a3f1d2b9e11';

const http = createServer();
const io = new Server(http, { perMessageDeflate: false });
io.on('connection', (socket) =>
  socket.on(SocketEvents.JoinAuction, (id, ack) => {
    socket.join(auctionRoom(id));
    ack?.({ ok: true, auctionId: id });
  }),
);
await new Promise((r) => http.listen(PORT, '127.0.0.1', r));

const bidder = {
  _id: '5d1f9c7e-2a4b-4c3d-8e9f-0a1b2c3d4e5f',
  id: '5d1f9c7e-2a4b-4c3d-8e9f-0a1b2c3d4e5f',
  name: 'محمد أحمد',
};
const bid = (n, at) => ({
  _id: `b7c0e1a2-3d4e-4f50-8a6b-${String(n).padStart(12, '0')}`,
  id: `b7c0e1a2-3d4e-4f50-8a6b-${String(n).padStart(12, '0')}`,
  amount: 100 + n,
  bidder,
  createdAt: at,
  isCancelled: false,
});
/** The product's lean message for bid number n (LiveAuction + bid), stamped now. */
const message = (n) => {
  const at = new Date().toISOString();
  const lastBids = [bid(n, at), bid(n - 1, at), bid(n - 2, at)];
  const auction = {
    _id: AUCTION,
    currentPrice: 100 + n,
    bidCount: n,
    endTime: new Date(Date.now() + 3_600_000).toISOString(),
    status: 'نشط',
    winner: null,
    lastBids,
    seq: n,
  };
  return { auction, bid: lastBids[0] };
};

const watchersProcess = new URL('./lib/watchers-process.mjs', import.meta.url);
const ask = (child, msg, type) =>
  new Promise((resolve, reject) => {
    child.once('message', (m) => (m.type === type ? resolve(m) : reject(new Error(m.error ?? m.type))));
    child.send(msg);
  });

let n = 3;
console.log(`fan-out probe: ${W} watchers, ${SECONDS}s per rate, one Socket.IO server`);
for (const rate of opts.rates.split(',').map(Number)) {
  const child = fork(watchersProcess);
  await ask(child, { type: 'start', urls: [`http://127.0.0.1:${PORT}`], count: W, auctionId: AUCTION }, 'ready');
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  let sent = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const due = Math.floor(((performance.now() - started) / 1000) * rate);
      while (sent < due) {
        io.to(auctionRoom(AUCTION)).emit(SocketEvents.NewBid, message(++n));
        sent++;
      }
      if (performance.now() - started >= SECONDS * 1000) resolve();
      else setTimeout(tick, 2);
    };
    tick();
  });
  await new Promise((r) => setTimeout(r, 1000));
  const cpu = process.cpuUsage(cpu0);
  const report = await ask(child, { type: 'stop' }, 'report');
  console.log(
    `  ${String(rate).padStart(4)} msg/s → ${Math.round(report.delivered / SECONDS)} frames/s written` +
      `  emit→watcher p50 ${report.p50} ms p99 ${report.p99} ms` +
      `  server CPU ${Math.round((cpu.user + cpu.system) / 1000 / SECONDS / 10)}%  ${report.averageBytes} B/frame`,
  );
  await new Promise((r) => child.once('exit', r));
}
io.close();
http.close();
