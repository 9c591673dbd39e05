import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jobIdOf, QUEUE_SPECS, QUEUES, queueSpec, type QueueSpec } from './queue-registry';
import { queueOptions } from './queues.module';

describe('the queue registry', () => {
  it('names each queue once', () => {
    const names = QUEUE_SPECS.map((q) => q.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('keeps the names, slots, limits and sweeps the queues had before it (Redis and dashboards know them)', () => {
    const rows = Object.fromEntries(
      QUEUE_SPECS.map((q) => [q.name, [q.concurrency, q.limiter ?? null, q.sweepIntervalMs ?? null]]),
    );
    expect(rows).toEqual({
      'auction-end': [10, null, 15_000],
      'auction-archive': [5, null, 10_000],
      'ending-soon': [10, null, 30_000],
      'notices-outbid': [10, { max: 1, duration: 50 }, null],
      deliveries: [5, null, null],
      'deliveries-account-telegram': [5, null, null],
      'deliveries-notice-mail': [5, null, null],
      'notices-telegram': [5, { max: 1, duration: 40 }, null],
      'deliveries-push': [5, null, null],
    });
  });

  it('keeps the retries and what Redis keeps of each job', () => {
    for (const q of [QUEUES.auctionEnd, QUEUES.auctionArchive, QUEUES.endingSoon])
      expect(q.jobOptions).toEqual({
        attempts: 10,
        backoff: { type: 'exponential', delay: 1_000 },
        removeOnComplete: true,
        removeOnFail: 1_000,
      });
    expect(QUEUES.outbidNotices.jobOptions).toEqual({
      attempts: 3,
      backoff: { type: 'exponential', delay: 2_000 },
      removeOnComplete: true,
      removeOnFail: { age: 7 * 24 * 3600, count: 1_000 },
    });
    const delivery = { attempts: 5, backoff: { type: 'exponential', delay: 2_000 } };
    const failedKept = { removeOnFail: { count: 1_000, age: 7 * 24 * 3600 } };
    // Codes leave Redis once sent; a notice keeps its id a day (R-NOTICE-ONCE).
    for (const q of [QUEUES.deliveries, QUEUES.deliveriesAccountTelegram])
      expect(q.jobOptions).toEqual({ ...delivery, ...failedKept, removeOnComplete: true });
    for (const q of [QUEUES.deliveriesNoticeMail, QUEUES.noticesTelegram, QUEUES.deliveriesPush])
      expect(q.jobOptions).toEqual({ ...delivery, ...failedKept, removeOnComplete: { age: 24 * 3600 } });
  });

  it('says why for each of its numbers', () => {
    for (const q of QUEUE_SPECS as QueueSpec[]) {
      expect([q.name, q.why.concurrency, q.why.jobOptions].every(Boolean)).toBe(true);
      if (q.jobId) expect(q.why.jobId).toBeTruthy();
      if (q.limiter) expect(q.why.limiter).toBeTruthy();
      if (q.sweepIntervalMs) expect(q.why.sweep).toBeTruthy();
    }
  });

  it('makes each queue with its name and default job options (the prefix and connection are the root’s)', () => {
    expect(queueOptions(QUEUES.noticesTelegram)).toEqual({
      name: 'notices-telegram',
      defaultJobOptions: QUEUES.noticesTelegram.jobOptions,
    });
  });

  it('fills job ids by their scheme, as the jobs in Redis have them', () => {
    expect(jobIdOf(QUEUES.auctionEnd.jobId, 'a1')).toBe('end-a1');
    expect(jobIdOf(QUEUES.auctionArchive.jobId, 'a1')).toBe('archive-a1');
    expect(jobIdOf(QUEUES.endingSoon.jobId, '15-a1')).toBe('ending-soon-15-a1');
    expect(jobIdOf(QUEUES.outbidNotices.jobId, 'a1', 'm1')).toBe('outbid-a1-m1');
    expect(() => jobIdOf(QUEUES.auctionEnd.jobId)).toThrow('takes 1 part(s), given 0');
    expect(() => jobIdOf(QUEUES.deliveries.jobId, 'x')).toThrow();
  });

  it('answers a queue by name, and refuses a name it lacks', () => {
    expect(queueSpec('auction-end')).toBe(QUEUES.auctionEnd);
    expect(() => queueSpec('reports')).toThrow('BullMQ queue "reports" is not in the queue registry');
  });

  it('is listed in docs/operations.md, "Queues": every queue with its concurrency, limiter and sweep', () => {
    const doc = readFileSync(join(__dirname, '../../../../docs/operations.md'), 'utf8');
    const section = doc.split(/^## /m).find((part) => part.startsWith('Queues\n'));
    expect(section).toBeDefined();
    const rows = new Map(
      section!
        .split('\n')
        .filter((line) => /^\| `[^`]+` \|/.test(line))
        .map((line) => {
          const cells = line.split(' | ').map((cell) => cell.replace(/^\| |\|$/g, '').trim());
          return [cells[0].replace(/`/g, ''), cells] as const;
        }),
    );
    expect([...rows.keys()].sort()).toEqual(QUEUE_SPECS.map((q) => q.name).sort());
    for (const q of QUEUE_SPECS) {
      const [, , concurrency, limiter, sweep] = rows.get(q.name)!;
      expect([q.name, concurrency]).toEqual([q.name, String(q.concurrency)]);
      expect([q.name, limiter]).toEqual([q.name, q.limiter ? `${q.limiter.max} per ${q.limiter.duration} ms` : '—']);
      expect([q.name, sweep]).toEqual([q.name, q.sweepIntervalMs ? `${q.sweepIntervalMs / 1000} s` : '—']);
    }
  });
});
