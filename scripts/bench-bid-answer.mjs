#!/usr/bin/env node
/**
 * What one bid's answer costs on the bidding process, full auction against live view (ADR 0015,
 * docs/performance-log.md "A leaner bid answer"): the server's own presenters (server/dist: run
 * `npm run build -w contracts -w server` first) on an auction the size a bid answer reads (20
 * latest bids, Arabic title and description, three images), then per answer what the bid path
 * does with it — the per-answer copy, one JSON.stringify for the transport (Fastify or Socket.IO)
 * and one for the idempotency record — and the bytes of each.
 *
 *   node scripts/bench-bid-answer.mjs [--answers 200000]
 */
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const { toAuction, toLiveAuction } = require('../server/dist/auctions/auction.presenter.js');

const { values } = parseArgs({ options: { answers: { type: 'string', default: '200000' } } });
const answers = Number(values.answers);

const uuid = (i) => `6f1c0d9e-8b7a-4f5e-9d3c-${String(i).padStart(12, '0')}`;
const bidder = (i) => ({ name: `مزايد رقم ${i} من عمّان` });
const bids = Array.from({ length: 20 }, (_, i) => ({
  id: uuid(1000 + i),
  bidderId: uuid(2000 + (i % 7)),
  amountFils: 150_000 + i * 1_000,
  createdAt: new Date(Date.UTC(2026, 10, 26, 3, 0, i)),
  isCancelled: false,
  isAutomatic: i % 5 === 0,
  bidder: bidder(i % 7),
}));
const entity = {
  id: uuid(1),
  sellerId: uuid(2),
  seller: { name: 'أحمد محمد', location: 'عمّان' },
  title: 'سيارة تويوتا كامري 2018 بحالة ممتازة',
  description: 'سيارة بحالة ممتازة، صيانة دورية في الوكالة، لون أبيض، فحص كامل. '.repeat(5),
  category: 'سيارات',
  status: 'نشط',
  images: [1, 2, 3].map((i) => `/uploads/${String(i).repeat(32)}.webp`),
  startingPriceFils: 100_000,
  currentPriceFils: 169_000,
  buyNowPriceFils: 400_000,
  auctionDuration: '24h',
  startTime: new Date(),
  endTime: new Date(),
  createdAt: new Date(),
  updatedAt: new Date(),
  winnerId: null,
  winner: null,
  bidCount: 340,
  hasBeenEdited: false,
  isDealConfirmed: false,
  dealConfirmedAt: null,
  isRatedBySeller: false,
  viewCount: 1200,
};
const auction = toAuction(entity, bids, { count: 57 });
const live = toLiveAuction(auction);
const bid = toAuction(entity, bids.slice(-1), { count: 57 }).bids[0];
const message = 'تمت إضافة المزايدة بنجاح';

/** One answer as the bid path makes it; `body` per answer, the views once per batch (shared). */
const paths = {
  full: () => ({ success: true, message, auction: { ...auction, watchedByMe: true }, bid }),
  live: () => ({ success: true, message, auction: live, bid }),
};

const fingerprint = 'a'.repeat(64);
for (const [name, answer] of Object.entries(paths)) {
  const sample = answer();
  const bytes = Buffer.byteLength(JSON.stringify(sample));
  const recordBytes = Buffer.byteLength(JSON.stringify({ state: 'done', fingerprint, status: 200, body: sample }));
  // Warm up, then time.
  let sink = 0;
  for (let i = 0; i < 20_000; i++) sink += JSON.stringify(answer()).length;
  const started = process.hrtime.bigint();
  for (let i = 0; i < answers; i++) {
    const body = answer();
    sink += JSON.stringify(body).length; // the transport
    sink += JSON.stringify({ state: 'done', fingerprint, status: 200, body }).length; // the idempotency record
  }
  const us = Number(process.hrtime.bigint() - started) / 1e3 / answers;
  console.log(
    `${name.padEnd(4)}  answer ${String(bytes).padStart(5)} B  record ${String(recordBytes).padStart(5)} B  ` +
      `${us.toFixed(2)} µs per answer (copy + 2 × JSON.stringify)  [${sink > 0 ? 'ok' : ''}]`,
  );
}
