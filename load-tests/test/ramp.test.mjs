/**
 * The ramp and the overload (lib/ramp.mjs): a step's verdict, the capacity, the classification of
 * answers (AUCTION_BUSY is "busy", neither a decision nor an error), the report's new fields, and
 * one tiny real ramp against the reference server (needs PostgreSQL, Redis and server/dist, as
 * test/reference-server.test.mjs; TEST_DB_PREFIX names its database, default mazad_test_ramp).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { benchHtmlReport } from '../lib/bench-charts.mjs';
import { answerKind, countAnswers, isError, openBidStorm, stormSeries } from '../lib/bid-storm.mjs';
import { createEnvironment } from '../lib/environment.mjs';
import {
  answeredInTimeBySecond,
  capacityReport,
  judgeStep,
  overloadFigures,
  overloadRate,
  overloadReport,
  rampCapacity,
  rampStopped,
  runRamp,
} from '../lib/ramp.mjs';
import { renderHtmlReport } from '../lib/report-html.mjs';
import { ackStatus } from '../lib/socket-bidders.mjs';

const accepted = (ms, at = 1) => ({ status: 200, ms, at });
const tooLow = (ms, at = 1) => ({ status: 409, code: 'BID_TOO_LOW', ms, at });
const busy = (ms, at = 1) => ({ status: 503, code: 'AUCTION_BUSY', ms, at });
const timeout = (at = 1) => ({ status: 0, code: 'TIMEOUT', ms: 30_000, at });

/** `n` answers made by `make(i)`. */
const many = (n, make) => Array.from({ length: n }, (_, i) => make(i));

describe('a step', () => {
  test('holds with 99 % answered within 100 ms, accepted or refused by a rule alike', () => {
    const results = [...many(50, () => accepted(20)), ...many(49, () => tooLow(100)), accepted(101)];
    const step = judgeStep({ offeredPerSec: 500, results, wallSeconds: 2, startSec: 10 });
    assert.equal(step.held, true);
    assert.equal(step.answeredWithin100msPct, 99);
    assert.equal(step.bids, 100);
    assert.equal(step.startSec, 10);
    assert.deepEqual(step.latencyMs, { p50: 20, p99: 100 });
    assert.equal(step.acceptedPerSec, 25.5);
    assert.equal(step.refusedPerSec, 24.5);
  });

  test('fails below 99 %: a slow decision is not in time', () => {
    const results = [...many(98, () => accepted(20)), accepted(150), accepted(400)];
    const step = judgeStep({ offeredPerSec: 1000, results, wallSeconds: 1 });
    assert.equal(step.held, false);
    assert.equal(step.answeredWithin100msPct, 98);
  });

  test('AUCTION_BUSY and timeouts are not answers, however fast; they are counted apart', () => {
    const results = [...many(97, () => accepted(10)), busy(1), busy(2), timeout()];
    const step = judgeStep({ offeredPerSec: 1500, results, wallSeconds: 1 });
    assert.equal(step.held, false);
    assert.equal(step.answeredWithin100msPct, 97);
    assert.equal(step.busyPerSec, 2);
    assert.equal(step.errors, 1);
    assert.equal(step.latencyMs.p99, 10, 'the latency is the decided bids’');
  });

  test('a step without bids does not hold', () => {
    assert.equal(judgeStep({ offeredPerSec: 500, results: [], wallSeconds: 0 }).held, false);
  });
});

describe('the capacity', () => {
  const steps = (...held) => held.map((h, i) => ({ offeredPerSec: 500 * (i + 1), held: h }));

  test('is the last rate that held before the first failed step', () => {
    assert.deepEqual(rampCapacity(steps(true, true, true, false)), {
      bidsPerSec: 1500,
      rule: '99% answered within 100 ms',
      limitFound: true,
    });
  });

  test('is 0 when the first step fails', () => {
    assert.equal(rampCapacity(steps(false)).bidsPerSec, 0);
    assert.equal(rampCapacity(steps(false)).limitFound, true);
  });

  test('is at least the last step when every step held (the ramp ran out of steps)', () => {
    assert.deepEqual(rampCapacity(steps(true, true)), {
      bidsPerSec: 1000,
      rule: '99% answered within 100 ms',
      limitFound: false,
    });
  });

  test('with a confirmation step, one failed step followed by one that held is noise', () => {
    assert.equal(rampCapacity(steps(true, false, true, false, false), 2).bidsPerSec, 1500);
    assert.equal(rampCapacity(steps(true, false, true, false, false), 1).bidsPerSec, 500);
    assert.equal(rampStopped(steps(true, false), 2), false);
    assert.equal(rampStopped(steps(true, false, false), 2), true);
  });

  /** A storm whose steps answer every bid in `ms(rate)` ms. */
  function fakeStorm(ms) {
    const sent = [];
    let at = 0;
    return {
      sent,
      async send({ rate, durationSec }) {
        sent.push(rate);
        const startSec = at;
        at += durationSec;
        const results = many(rate * durationSec, (i) => accepted(ms(rate), startSec + i / rate));
        return { results, startSec, sendSeconds: durationSec, wallSeconds: durationSec };
      },
    };
  }
  const plan = { start: 100, step: 100, stepSeconds: 1, max: 1000 };

  test('the ramp warms up at its start rate, rises until a step fails, and stops there', async () => {
    // The warm-up is slow (cold connections and code), and not judged.
    const storm = fakeStorm((rate) => (storm.sent.length === 1 ? 900 : rate <= 300 ? 10 : 200));
    const heard = [];
    const ramp = await runRamp(storm, { ...plan, warmupSec: 2 }, (s) => heard.push(s.offeredPerSec));
    assert.deepEqual(storm.sent, [100, 100, 200, 300, 400]);
    assert.deepEqual(heard, [100, 200, 300, 400]);
    assert.equal(ramp.capacity.bidsPerSec, 300);
    assert.deepEqual(
      ramp.steps.map((s) => s.startSec),
      [2, 3, 4, 5],
    );
  });

  test('the ramp stops at its maximum, and runs one more step to confirm when asked', async () => {
    const fine = fakeStorm(() => 10);
    assert.deepEqual((await runRamp(fine, { ...plan, max: 300 })).capacity, {
      bidsPerSec: 300,
      rule: '99% answered within 100 ms',
      limitFound: false,
    });
    const confirmed = fakeStorm((rate) => (rate === 200 || rate >= 400 ? 200 : 10));
    const ramp = await runRamp(confirmed, { ...plan, confirmSteps: 2 });
    assert.deepEqual(confirmed.sent, [100, 200, 300, 400, 500]);
    assert.equal(ramp.capacity.bidsPerSec, 300);
  });
});

describe('the answers under overload', () => {
  test('AUCTION_BUSY is "busy" over HTTP and over the socket, not an error; timeouts and 5xx are errors', () => {
    const socketBusy = { statusCode: 503, code: 'AUCTION_BUSY', message: 'المزاد مشغول', error: 'المزاد مشغول' };
    assert.equal(answerKind({ status: ackStatus(socketBusy), code: socketBusy.code }), 'busy');
    assert.equal(answerKind(busy(3)), 'busy');
    assert.equal(isError(busy(3)), false);
    assert.equal(answerKind(accepted(3)), 'accepted');
    assert.equal(answerKind(tooLow(3)), 'refused');
    assert.equal(answerKind(timeout()), 'error');
    assert.equal(answerKind({ status: 500, code: 'INTERNAL' }), 'error');
    assert.equal(answerKind({ status: 503 }), 'error', 'a 503 without the code is not the busy refusal');
    assert.deepEqual(countAnswers([accepted(1), tooLow(1), busy(1), busy(1), timeout()]), {
      accepted: 1,
      refused: 1,
      busy: 2,
      error: 1,
    });
  });

  test("the overload's figures: decided bids' latency, per second rates and their ratio to the capacity", () => {
    const results = [
      accepted(900, 0.5), // in the warm-up: left out of the latency
      ...many(40, () => accepted(50)),
      ...many(20, () => tooLow(80)),
      ...many(138, () => busy(2)),
      timeout(),
    ];
    const o = overloadFigures({
      offeredPerSec: 200,
      results,
      wallSeconds: 2,
      warmupSec: 1,
      capacityBidsPerSec: 25,
      invariantViolations: 0,
    });
    assert.deepEqual(o, {
      capacityBidsPerSec: 25,
      capacityLimitFound: null,
      offeredPerSec: 200,
      answeredLatencyMs: { p50: 50, p99: 80 },
      acceptedPerSec: 20.5,
      decidedPerSec: 30.5,
      busyPerSec: 69,
      errorsPerSec: 0.5,
      errors: 1,
      invariantViolations: 0,
      acceptedToCapacity: 0.82,
      decidedToCapacity: 1.22,
    });
  });

  test('its rate: twice the ramp’s capacity, else --overload-rate, else twice a first step that failed', () => {
    assert.equal(overloadRate({ bidsPerSec: 2500 }, 900, 500), 5000);
    assert.equal(overloadRate({ bidsPerSec: 0 }, 900, 500), 900);
    assert.equal(overloadRate(undefined, 900, 500), 900, 'the ramp did not run');
    assert.equal(overloadRate({ bidsPerSec: 0 }, 0, 500), 1000, 'the first step failed');
    assert.equal(overloadRate(undefined, 0, 500), null, 'no ramp, no --overload-rate');
  });

  test('the storm series count AUCTION_BUSY apart from refusals and errors', () => {
    const s = stormSeries({ results: [accepted(10, 0.1), busy(5, 0.2), tooLow(5, 0.3), timeout(0.4)] });
    assert.deepEqual(s.busy.slice(0, 1), [1]);
    assert.equal(s.rejected[0], 1);
    assert.deepEqual(s.rejectedByCode, { BID_TOO_LOW: s.rejected });
    assert.equal(
      s.errors.reduce((a, b) => a + b),
      1,
    );
  });
});

describe('the report', () => {
  const step = (offeredPerSec, held, startSec) => ({
    offeredPerSec,
    startSec,
    bids: offeredPerSec,
    answeredWithin100msPct: held ? 99.5 : 80,
    held,
    latencyMs: { p50: 5, p99: held ? 60 : 400 },
    acceptedPerSec: offeredPerSec * 0.9,
    refusedPerSec: 10,
    busyPerSec: 0,
    errors: 0,
  });
  const rampOf = (...steps) => ({ steps, capacity: rampCapacity(steps) });
  const productRamp = rampOf(step(500, true, 0), step(1000, true, 1), step(1500, false, 2));
  const referenceRamp = rampOf(step(500, true, 0), step(1000, true, 1), step(1500, true, 2), step(2000, false, 3));

  test('capacity: the product’s, the reference’s, their ratio, the rule and the steps', () => {
    const c = capacityReport(productRamp, referenceRamp);
    assert.equal(c.bidsPerSec, 1000);
    assert.equal(c.rule, '99% answered within 100 ms');
    assert.equal(c.reference.bidsPerSec, 1500);
    assert.equal(c.ratioToReference, 0.67);
    assert.equal(c.steps.length, 3);
    assert.equal(c.reference.steps.length, 4);
    assert.equal(capacityReport(undefined, referenceRamp).bidsPerSec, 1500, 'the reference’s alone');
    assert.equal(capacityReport(undefined, undefined), undefined);
    assert.deepEqual(overloadReport({ acceptedPerSec: 1 }, undefined), {
      product: { acceptedPerSec: 1 },
      reference: undefined,
    });
    assert.equal(overloadReport(undefined, undefined), undefined);
  });

  test('the HTML report draws the ramp and tabulates its steps and the overload', () => {
    const results = [accepted(10, 0.2), accepted(20, 1.3), busy(3, 2.1), accepted(300, 2.5)];
    const run = (ramp, overload) => {
      const series = stormSeries({ results });
      return {
        bidStorm: {
          offeredPerSec: 900,
          acceptedPerSec: 800,
          answeredPerSec: 850,
          rejectedPerSec: 50,
          busyPerSec: 1,
          errorsPerSec: 0,
          latencyMs: { p50: 5, p95: 9, p99: 12 },
        },
        fanout: { watchers: 0 },
        invariants: { violations: 0 },
        series,
        ...(ramp
          ? { ramp: { ...ramp, answeredWithin100msBySecond: answeredInTimeBySecond(results, series.x.length) } }
          : {}),
        ...(overload ? { overload } : {}),
      };
    };
    const overload = overloadFigures({
      offeredPerSec: 2000,
      results,
      wallSeconds: 3,
      capacityBidsPerSec: 1000,
      invariantViolations: 0,
    });
    const report = {
      startedAt: '2026-01-01T00:00:00.000Z',
      machine: { cpus: 2, node: 'v20' },
      config: {
        target: 'both',
        scenarios: ['ramp', 'overload'],
        bidders: 5,
        instances: 2,
        bidInstances: 1,
        bidTransport: 'socket',
        warmup: 1,
      },
      bidStorm: { dbSingleWriterTps: 1000, dbSingleWriterTool: 'node' },
      invariants: { violations: 0 },
      capacity: capacityReport(productRamp, referenceRamp),
      scenarios: {
        ramp: {
          about: 'capacity',
          offeredPerSec: null,
          durationSec: null,
          watchers: 0,
          ramp: { start: 500, step: 500, stepSeconds: 1, max: 3000 },
          product: run(productRamp),
          reference: run(referenceRamp),
        },
        overload: {
          about: 'overload',
          offeredPerSec: null,
          durationSec: 15,
          watchers: 0,
          product: run(null, overload),
          reference: run(null, { ...overload, offeredPerSec: 3000 }),
        },
      },
    };
    const content = benchHtmlReport(report);
    const [rampSection, overloadSection] = content.sections;
    assert.match(rampSection.subtitle, /from 500 bids\/s, \+500 every 1 s up to 3000/);
    assert.match(overloadSection.subtitle, /product 2000 bids\/s, reference 3000 bids\/s offered for 15 s/);
    const titles = rampSection.charts.map((c) => c.title);
    const inTime = rampSection.charts[titles.findIndex((t) => t.startsWith('Ramp: offered'))];
    assert.deepEqual(
      inTime.series.map((s) => s.label),
      ['product offered', 'product answered within 100 ms', 'reference offered', 'reference answered within 100 ms'],
    );
    assert.deepEqual(inTime.series[1].values, [1, 1, 0]);
    assert.deepEqual(
      inTime.markers.map((m) => m.label),
      ['500/s', '1000/s', '1500/s', '2000/s'],
      'the longer ramp marks the steps',
    );
    const p99 = rampSection.charts[titles.findIndex((t) => t.startsWith('Ramp: decided'))];
    assert.deepEqual(p99.series.find((s) => s.label === 'product p99 of the step').values, [60, 60, 400]);
    const bids = rampSection.charts[0];
    assert.ok(
      bids.series.some((s) => s.label === 'product AUCTION_BUSY'),
      'busy drawn when there is any',
    );
    const steps = rampSection.tables.find((t) => t.title.startsWith('Ramp steps'));
    assert.match(steps.title, /product 1000 bids\/s, reference 1500 bids\/s/);
    assert.deepEqual(steps.rows.at(-1).slice(0, 2), [2000, null], 'a rate only the reference reached');
    const table = overloadSection.tables.find((t) => t.title === 'Overload');
    assert.deepEqual(table.columns, ['', 'product', 'reference']);
    assert.deepEqual(
      table.rows.find((r) => r[0] === 'AUCTION_BUSY/s'),
      ['AUCTION_BUSY/s', 0.3, 0.3],
    );
    assert.ok(content.tables[0].rows.some((r) => String(r[0]).startsWith('capacity') && /ratio 0.67/.test(r[1])));
    assert.match(renderHtmlReport(content), /Ramp steps/);
  });
});

describe('a tiny real ramp against the reference server', () => {
  let env;
  let server;
  let seller;
  let bidders;

  before(async () => {
    env = await createEnvironment({ databasePrefix: process.env.TEST_DB_PREFIX ?? 'mazad_test_ramp' });
    [seller, ...bidders] = await env.createMembers(5, 'عضو');
    server = await env.startReference();
  });

  after(async () => {
    await env?.close();
  });

  test('steps on one auction, amounts rising across them, each judged', async () => {
    const startingFils = 1000;
    const auctionId = await env.createAuction(seller.id, startingFils);
    const storm = await openBidStorm({
      urls: [server.url],
      auctionId,
      bidders,
      watchers: 0,
      startingFils,
      transport: 'socket',
    });
    const ramp = await runRamp(storm, { start: 20, step: 20, stepSeconds: 1, max: 40 });
    const { results } = await storm.close();
    // On a busy machine one slow bid in twenty fails a step: then the ramp stops after the first.
    assert.equal(ramp.steps.length, ramp.steps[0].held ? 2 : 1);
    assert.equal(
      results.length,
      ramp.steps.reduce((n, s) => n + s.bids, 0),
    );
    assert.equal(ramp.steps[0].bids, 20);
    if (ramp.steps[1]) {
      assert.equal(ramp.steps[1].bids, 40);
      assert.ok(ramp.steps[1].startSec >= 1, 'the second step follows the first');
      assert.ok(ramp.steps[1].acceptedPerSec > 0, 'its amounts rose on from the first step’s');
    }
    const answers = countAnswers(results);
    assert.equal(answers.error, 0);
    assert.ok(answers.accepted > 0);
    const {
      rows: [a],
    } = await env.db.query('SELECT current_price_fils::bigint AS price, bid_count FROM auctions WHERE id = $1', [
      auctionId,
    ]);
    assert.equal(Number(a.bid_count), answers.accepted, 'every accepted bid stored, across both steps');
    assert.ok(Number(a.price) > startingFils);
  });
});
