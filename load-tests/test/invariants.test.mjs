import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bidInvariantViolations, MARKED_AMOUNT, markMaxFils } from '../lib/invariants.mjs';

const bid = (seq, bidderId, amount, automatic = false) => ({ id: `b${seq}`, seq, bidderId, amount, automatic });
const ok = (seq) => ({ status: 200, bidId: `b${seq}` });
const maxSet = (bidderId, amountFils, status = 200) => ({ kind: 'max', status, bidderId, amountFils });

// m sets a maximum of 2.007 JOD; u's manual 1.010 is answered for m at 1.260 (one step of 0.250).
const storm = {
  auction: { price: 1_260, bidCount: 2 },
  bids: [bid(1, 'u', 1_010), bid(2, 'm', 1_260, true)],
  results: [maxSet('m', 2_007), ok(1)],
  heardAmounts: [],
};

test('a storm with maximums that keeps every rule has no violation', () => {
  assert.deepEqual(bidInvariantViolations(storm), []);
});

test('manual bids: stored ones answered, answered ones stored, automatic ones not counted as answers', () => {
  const v = bidInvariantViolations({ ...storm, results: [maxSet('m', 2_007), ok(1), ok(9)] });
  assert.ok(v.some((x) => x.startsWith('stored manual bids 1 ≠ accepted answers 2')));
});

test('price, order and count', () => {
  const v = bidInvariantViolations({
    ...storm,
    auction: { price: 1_000, bidCount: 3 },
    bids: [bid(1, 'u', 1_010), bid(2, 'm', 1_010, true)],
  });
  assert.ok(v.includes('amount not increasing at seq 2'));
  assert.ok(v.includes('price 1000 ≠ highest bid 1010'));
  assert.ok(v.includes('bid_count 3 ≠ stored 2'));
});

test('an automatic bid above its maximum or without one; a leader’s own rise answering a rival maximum is fine', () => {
  const v = bidInvariantViolations({
    auction: { price: 3_000, bidCount: 4 },
    bids: [bid(1, 'u', 1_010), bid(2, 'm', 1_260, true), bid(3, 'm', 2_500, true), bid(4, 'x', 3_000, true)],
    results: [maxSet('m', 2_007), maxSet('r', 1_507), maxSet('x', 9_007, 400), ok(1)],
  });
  assert.deepEqual(v, [
    'automatic bid at seq 3 above its maximum',
    'automatic bid at seq 4 for a member without a maximum',
  ]);
});

test('a maximum a watcher heard is a leak, unless it became a bid (the price capped at it)', () => {
  assert.deepEqual(bidInvariantViolations({ ...storm, heardAmounts: ['2.007'] }), [
    'a watcher heard the maximum 2.007',
  ]);
  const capped = {
    auction: { price: 2_007, bidCount: 2 },
    bids: [bid(1, 'u', 1_010), bid(2, 'm', 2_007, true)],
    results: [maxSet('m', 2_007), ok(1)],
    heardAmounts: ['2.007'],
  };
  assert.deepEqual(bidInvariantViolations(capped), []);
});

test('the maximums’ mark: whole tens of fils plus 7, found in a frame’s text', () => {
  assert.equal(markMaxFils(1_010, 2_000), 3_017);
  assert.deepEqual('{"currentPrice":3.017,"x":13.0170,"y":2.25}'.match(MARKED_AMOUNT), ['3.017']);
  // The seconds of a time are not an amount, whatever their last digit.
  const frame =
    '{"endTime":"2026-11-26T04:35:30.327Z","lastBids":[{"amount":30.327,"createdAt":"2026-11-26T04:35:38.397Z"}]}';
  assert.deepEqual(frame.match(MARKED_AMOUNT), ['30.327']);
  assert.deepEqual('[1.007,2.017]'.match(MARKED_AMOUNT), ['1.007', '2.017']);
});
