import { Injectable } from '@nestjs/common';
import type { Counter, Histogram } from 'prom-client';
import { describeError } from '../../common/errors/error-body';
import { Metrics } from './metrics';

/**
 * Why admission control refused a request AUCTION_BUSY before judging it (BidAdmission):
 * its auction's queue was full, its estimated wait too long, the request waited past its
 * deadline, the auction's lock (held by another replica) was not had within the deadline, or
 * the process's event loop is behind.
 */
export type AdmissionRefusal = 'queue_full' | 'queue_wait' | 'deadline' | 'lock' | 'event_loop';

/**
 * What was decided, by the member's call (each goes through the bid engine's queue): a bid, a
 * buy-now, a maximum set or changed, a maximum withdrawn.
 */
export const BID_ACTIONS = ['bid', 'buy_now', 'set_max_bid', 'withdraw_max_bid'] as const;
export type BidAction = (typeof BID_ACTIONS)[number];

/** One value per action. */
const perAction = <T>(make: (action: BidAction) => T) =>
  Object.fromEntries(BID_ACTIONS.map((action) => [action, make(action)])) as Record<BidAction, T>;

type BidCounter = Counter<'action' | 'outcome' | 'code'>;

/** The code a refusal is counted under: the error code its answer carries (INTERNAL_ERROR for a failure). */
export const refusalCode = (err: unknown): string => describeError(err).body.code;

/**
 * Counts and times bid decisions (mazad_bids_total, mazad_bid_decision_seconds). The labelled
 * series are looked up once and kept (one per action, one per action and refusal code: a
 * bounded set, the codes of contracts' ERRORS table), so recording a bid allocates nothing.
 */
@Injectable()
export class BidMetrics {
  private readonly acceptedSeries: Record<BidAction, ReturnType<BidCounter['labels']>>;
  private readonly refusedSeries: Record<BidAction, Map<string, ReturnType<BidCounter['labels']>>>;
  private readonly decision: Record<BidAction, ReturnType<Histogram<'action'>['labels']>>;
  private readonly admissionSeries: Record<AdmissionRefusal, ReturnType<Counter<'reason'>['labels']>>;

  constructor(private readonly metrics: Metrics) {
    const { bids, bidDecision } = metrics;
    this.acceptedSeries = perAction((action) => bids.labels(action, 'accepted', ''));
    this.refusedSeries = perAction(() => new Map());
    this.decision = perAction((action) => bidDecision.labels(action));
    // Every reason exported from the start (at 0), so a rate over it is defined before the first refusal.
    const reason = (name: AdmissionRefusal) => {
      const series = metrics.bidAdmissionRefusals.labels(name);
      series.inc(0);
      return series;
    };
    this.admissionSeries = {
      queue_full: reason('queue_full'),
      queue_wait: reason('queue_wait'),
      deadline: reason('deadline'),
      lock: reason('lock'),
      event_loop: reason('event_loop'),
    };
  }

  /** An accepted decision; `startedMs` is `performance.now()` when it was asked. */
  accepted(action: BidAction, startedMs: number): void {
    this.observe(action, startedMs);
    this.acceptedSeries[action].inc();
  }

  /** A refused (or failed) decision, counted under its error code. */
  refused(action: BidAction, startedMs: number, error: unknown): void {
    this.observe(action, startedMs);
    const code = refusalCode(error);
    let series = this.refusedSeries[action].get(code);
    if (!series) {
      series = this.metrics.bids.labels(action, 'refused', code);
      this.refusedSeries[action].set(code, series);
    }
    series.inc();
  }

  /** `count` requests refused AUCTION_BUSY by admission control (BidAdmission), by `reason`. */
  admissionRefused(reason: AdmissionRefusal, count = 1): void {
    this.admissionSeries[reason].inc(count);
  }

  private observe(action: BidAction, startedMs: number) {
    this.decision[action].observe((performance.now() - startedMs) / 1000);
  }
}
