/**
 * Capacity and overload, the bench's `ramp` and `overload` scenarios (docs/performance.md,
 * "Capacity and overload").
 *
 * Capacity: on one hot auction without watchers, the offered rate rises in steps (`start`, +`step`
 * every `stepSeconds`, up to `max`) until a step has fewer than 99 % of its bids ANSWERED within
 * 100 ms, answered meaning decided: accepted, or refused by a rule (BID_TOO_LOW, …). An
 * AUCTION_BUSY refusal, an error or a timeout is not an answer. The last rate that held is the
 * capacity (0 when the first step fails). A warm-up at the start rate comes first, not judged
 * (connections opening, the JIT warming up). The warm-up and the steps run on one storm
 * (lib/bid-storm.mjs openBidStorm), so the amounts keep rising across them.
 *
 * Overload: twice that capacity for a while, to see the server refuse what it cannot decide in
 * time (AUCTION_BUSY) instead of queueing it; its figures are read against the capacity.
 */
import { countAnswers, isDecided } from './bid-storm.mjs';
import { bucketBySecond, percentile, round } from './stats.mjs';

export const ANSWER_WITHIN_MS = 100;
export const HOLD_SHARE = 0.99;
export const CAPACITY_RULE = '99% answered within 100 ms';

const ratio = (a, b) => (b ? round(a / b, 2) : null);

/** A bid answered (decided) within ANSWER_WITHIN_MS of being sent. */
export const answeredInTime = (r) => isDecided(r) && r.ms <= ANSWER_WITHIN_MS;

/** p50 and p99 of the decided bids' latency (what a member waited for a decision). */
function decidedLatency(results) {
  const ms = results.filter(isDecided).map((r) => r.ms);
  return { p50: percentile(ms, 50), p99: percentile(ms, 99) };
}

/**
 * One step's figures and verdict. `results`: the step's answers; `wallSeconds`: from the step's
 * first bid to its last answer; `startSec`: when it began, seconds since the ramp's first bid.
 */
export function judgeStep({ offeredPerSec, results, wallSeconds, startSec = 0 }) {
  const share = results.length ? results.filter(answeredInTime).length / results.length : 0;
  const counts = countAnswers(results);
  const perSec = (n) => (wallSeconds > 0 ? round(n / wallSeconds) : 0);
  return {
    offeredPerSec,
    startSec: round(startSec),
    bids: results.length,
    answeredWithin100msPct: round(100 * share, 2),
    held: results.length > 0 && share >= HOLD_SHARE,
    latencyMs: decidedLatency(results),
    acceptedPerSec: perSec(counts.accepted),
    refusedPerSec: perSec(counts.refused),
    busyPerSec: perSec(counts.busy),
    errors: counts.error,
  };
}

/** The ramp's plan in words (the runner's log, the HTML report's subtitle). */
export const describeRamp = ({ start, step, stepSeconds, max }) =>
  `from ${start} bids/s, +${step} every ${stepSeconds} s up to ${max}`;

/** Where the ramp stopped: the first of `confirmSteps` failed steps in a row, or -1. */
function stopIndex(steps, confirmSteps) {
  return steps.findIndex(
    (_, i) => i + confirmSteps <= steps.length && steps.slice(i, i + confirmSteps).every((s) => !s.held),
  );
}

/** The ramp stops after its first failed step (`confirmSteps` 2: after two in a row). */
export const rampStopped = (steps, confirmSteps = 1) => stopIndex(steps, confirmSteps) >= 0;

/**
 * The capacity: the offered rate of the last step that held before the ramp stopped (0 when none
 * did). `limitFound` false: the ramp ran out of steps (`--ramp-max`) first, so the capacity is at
 * least that. With `confirmSteps` 2 a single failed step followed by one that held is noise.
 */
export function rampCapacity(steps, confirmSteps = 1) {
  const stop = stopIndex(steps, confirmSteps);
  const beforeStop = stop >= 0 ? steps.slice(0, stop) : steps;
  return {
    bidsPerSec: beforeStop.filter((s) => s.held).at(-1)?.offeredPerSec ?? 0,
    rule: CAPACITY_RULE,
    limitFound: stop >= 0,
  };
}

/**
 * Runs the ramp on an open storm: `warmupSec` at `start` bids/s (not judged), then steps of
 * `stepSeconds` from `start` bids/s, +`step` each, until the ramp stops or passes `max`.
 * `onStep(step)` hears each step as it is judged.
 */
export async function runRamp(storm, { start, step, stepSeconds, max, confirmSteps = 1, warmupSec = 0 }, onStep) {
  if (warmupSec > 0) await storm.send({ rate: start, durationSec: warmupSec });
  const steps = [];
  for (let rate = start; rate <= max && !rampStopped(steps, confirmSteps); rate += step) {
    const phase = await storm.send({ rate, durationSec: stepSeconds });
    steps.push(judgeStep({ offeredPerSec: rate, ...phase }));
    onStep?.(steps.at(-1));
  }
  return { steps, capacity: rampCapacity(steps, confirmSteps) };
}

/** Bids answered within ANSWER_WITHIN_MS per second, by send time (beside the storm's `offered`). */
export function answeredInTimeBySecond(results, length = 0) {
  const inTime = results.filter(answeredInTime);
  return bucketBySecond(
    inTime.map((r) => r.at),
    inTime,
    length,
  ).map((b) => b.length);
}

/**
 * The overload's offered rate: twice the capacity this target's ramp measured in this run; else
 * `fallbackRate` (--overload-rate); else, when the ramp's first step already failed (capacity 0),
 * twice that step's rate (`rampStart`: a rate known to be past the capacity); null when nothing
 * gives a rate.
 */
export function overloadRate(capacity, fallbackRate, rampStart) {
  if (capacity?.bidsPerSec > 0) return 2 * capacity.bidsPerSec;
  if (fallbackRate > 0) return fallbackRate;
  return capacity && rampStart > 0 ? 2 * rampStart : null;
}

/**
 * The overload's figures: the decided bids' latency (after the warm-up), accepted and decided
 * (accepted + refused by a rule) per second, AUCTION_BUSY per second, other errors (the target: 0)
 * and their ratios to the capacity the overload was offered twice of (`capacityLimitFound` false:
 * that capacity is only a lower bound, every ramp step held, so twice it may not overload).
 */
export function overloadFigures({
  offeredPerSec,
  results,
  wallSeconds,
  warmupSec = 0,
  capacityBidsPerSec,
  capacityLimitFound = null,
  invariantViolations,
}) {
  const counts = countAnswers(results);
  const perSec = (n) => (wallSeconds > 0 ? round(n / wallSeconds) : 0);
  const acceptedPerSec = perSec(counts.accepted);
  const decidedPerSec = perSec(counts.accepted + counts.refused);
  return {
    capacityBidsPerSec: capacityBidsPerSec ?? null,
    capacityLimitFound,
    offeredPerSec,
    answeredLatencyMs: decidedLatency(results.filter((r) => r.at >= warmupSec)),
    acceptedPerSec,
    decidedPerSec,
    busyPerSec: perSec(counts.busy),
    errorsPerSec: perSec(counts.error),
    errors: counts.error,
    invariantViolations,
    acceptedToCapacity: ratio(acceptedPerSec, capacityBidsPerSec),
    decidedToCapacity: ratio(decidedPerSec, capacityBidsPerSec),
  };
}

/** latest.json's `capacity`: the product's (the reference's when only it ran), the reference's and their ratio. */
export function capacityReport(productRamp, referenceRamp) {
  const main = productRamp ?? referenceRamp;
  if (!main) return undefined;
  return {
    ...main.capacity,
    steps: main.steps,
    reference: referenceRamp && productRamp ? { ...referenceRamp.capacity, steps: referenceRamp.steps } : undefined,
    ratioToReference:
      productRamp && referenceRamp
        ? ratio(productRamp.capacity.bidsPerSec, referenceRamp.capacity.bidsPerSec)
        : undefined,
  };
}

/** latest.json's `overload`: each target's figures. */
export function overloadReport(product, reference) {
  return product || reference ? { product, reference } : undefined;
}

const formatStep = (s) =>
  `${String(s.offeredPerSec).padStart(6)}/s  ${s.held ? 'held  ' : 'FAILED'}  ${s.answeredWithin100msPct}% answered within ${ANSWER_WITHIN_MS} ms  p50 ${s.latencyMs.p50} ms  p99 ${s.latencyMs.p99} ms  accepted ${s.acceptedPerSec}/s  busy ${s.busyPerSec}/s  errors ${s.errors}`;

/** One step as the runner prints it while the ramp goes on. */
export const printStep = (step) => console.log(`    ramp ${formatStep(step)}`);

export const formatCapacity = (c) =>
  `${c.limitFound ? '' : '≥ '}${c.bidsPerSec} bids/s (${c.rule}${c.limitFound ? '' : '; every step held up to --ramp-max'})`;

export const formatOverload = (o) => {
  const times = (r) => (r == null ? '' : ` (${r} × capacity)`);
  const capacity = o.capacityBidsPerSec
    ? `2 × capacity ${o.capacityBidsPerSec}/s${o.capacityLimitFound === false ? ', a lower bound: every ramp step held, raise --ramp-max' : ''}`
    : 'no capacity measured: --overload-rate, or twice a first ramp step that failed';
  return `offered ${o.offeredPerSec}/s (${capacity})  answered p50 ${o.answeredLatencyMs.p50} ms  p99 ${o.answeredLatencyMs.p99} ms  accepted ${o.acceptedPerSec}/s${times(o.acceptedToCapacity)}  decided ${o.decidedPerSec}/s${times(o.decidedToCapacity)}  AUCTION_BUSY ${o.busyPerSec}/s  other errors ${o.errors}  invariant violations ${o.invariantViolations}`;
};
