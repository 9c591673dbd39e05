import { AppException } from '../../common/errors/app.exception';
import type { AppConfig, BidAdmissionLimits } from '../../config/app-config';
import type { BidMetrics } from '../../infrastructure/metrics';
import { BidAdmission, MAX_BATCH, QueuePace } from './bid-admission';

const LIMITS: BidAdmissionLimits = { maxQueued: 1000, waitBudgetMs: 150, deadlineMs: 300, eventLoopLagLimitMs: 0 };

function admissionWith(limits: Partial<BidAdmissionLimits> = {}) {
  const metrics = { admissionRefused: jest.fn() };
  const admission = new BidAdmission(
    { bidAdmission: { ...LIMITS, ...limits } } as AppConfig,
    metrics as unknown as BidMetrics,
  );
  return { admission, metrics };
}

/** The reason a check refused with (counted), or 'admitted'. */
function verdict(check: () => void, metrics: { admissionRefused: jest.Mock }): string {
  try {
    check();
    return 'admitted';
  } catch (err) {
    expect(err).toBeInstanceOf(AppException);
    expect((err as AppException).getResponse()).toMatchObject({ statusCode: 503, code: 'AUCTION_BUSY', retryAfter: 1 });
    return metrics.admissionRefused.mock.calls.at(-1)![0] as string;
  }
}

describe('QueuePace', () => {
  it('knows nothing before its first turn (estimates no wait)', () => {
    expect(new QueuePace().estimatedWaitMs(500)).toBe(0);
  });

  it('counts the wait in full batches ahead (MAX_BATCH items a turn), from the moving average of a turn', () => {
    const pace = new QueuePace();
    pace.turnStarted(0);
    pace.turnEnded(20);
    // Within the next batch: no full turn to wait for, however slow a turn; two batches deep: two turns.
    expect(pace.estimatedWaitMs(0)).toBe(0);
    expect(pace.estimatedWaitMs(MAX_BATCH - 1)).toBe(0);
    expect(pace.estimatedWaitMs(2 * MAX_BATCH)).toBe(40);
    // A slower turn moves the average a fifth of the way.
    pace.turnStarted(100);
    pace.turnEnded(170);
    expect(pace.estimatedWaitMs(MAX_BATCH)).toBe(30);
  });

  it('times a turn from its start to its end: a second start within it changes nothing, idle drops it', () => {
    const pace = new QueuePace();
    pace.turnStarted(0);
    pace.turnStarted(15);
    pace.turnEnded(10);
    expect(pace.estimatedWaitMs(MAX_BATCH)).toBe(10);
    pace.turnStarted(100);
    pace.idle();
    pace.turnEnded(500);
    expect(pace.estimatedWaitMs(MAX_BATCH)).toBe(10);
  });
});

describe('BidAdmission', () => {
  it('admits a calm queue and refuses a full one, a slow one and a late request, each by its reason', () => {
    const { admission, metrics } = admissionWith({ maxQueued: MAX_BATCH + 10 });
    const now = performance.now();
    const slow = new QueuePace();
    slow.turnStarted(now - 1_000);
    slow.turnEnded(now - 800);
    expect(verdict(() => admission.assertAdmits(3, undefined, now), metrics)).toBe('admitted');
    expect(verdict(() => admission.assertAdmits(MAX_BATCH + 10, undefined, now), metrics)).toBe('queue_full');
    // A slow queue (200 ms a turn) still fills its next batch, and refuses behind it.
    expect(verdict(() => admission.assertAdmits(0, slow, now), metrics)).toBe('admitted');
    expect(verdict(() => admission.assertAdmits(MAX_BATCH, slow, now), metrics)).toBe('queue_wait');
    expect(verdict(() => admission.assertAdmits(0, undefined, now - 1_000), metrics)).toBe('deadline');
  });

  it('keeps a queue’s pace while it is open and after it empties, and judges the queue by it', () => {
    const { admission, metrics } = admissionWith();
    const pace = admission.queueOpened('a1');
    const now = performance.now();
    pace.turnStarted(now - 1_000);
    pace.turnEnded(now - 800);
    expect(verdict(() => admission.assertAdmitsInto('a1', MAX_BATCH, now), metrics)).toBe('queue_wait');
    // Another auction's queue is not judged by it.
    expect(verdict(() => admission.assertAdmitsInto('a2', MAX_BATCH, now), metrics)).toBe('admitted');
    admission.queueEmptied('a1');
    // Emptied, the queue has no pace to judge by; opened again, it has its old one back.
    expect(verdict(() => admission.assertAdmitsInto('a1', MAX_BATCH, now), metrics)).toBe('admitted');
    expect(admission.queueOpened('a1')).toBe(pace);
  });

  it('sweeps a queue: refuses the requests past their deadline in place, never operator work', () => {
    const { admission } = admissionWith();
    const now = performance.now();
    const item = (arrivedAt?: number) => ({ arrivedAt, reject: jest.fn() });
    const [late, onTime, operator] = [item(now - 1_000), item(now), item()];
    const items = [late, onTime, operator];
    expect(admission.sweepLate(items)).toBe(2);
    expect(items).toEqual([onTime, operator]);
    expect(late.reject).toHaveBeenCalledWith(expect.any(AppException));
    expect(onTime.reject).not.toHaveBeenCalled();
  });

  it('tells a queued request past its deadline, counted once', () => {
    const { admission, metrics } = admissionWith();
    expect(admission.pastDeadline(1_000, 1_300)).toBeNull();
    expect(admission.pastDeadline(1_000, 1_301)).toBeInstanceOf(AppException);
    expect(metrics.admissionRefused.mock.calls).toEqual([['deadline']]);
  });

  it('refuses while the event loop is behind, and admits again once it caught up', async () => {
    const { admission, metrics } = admissionWith({ eventLoopLagLimitMs: 50 });
    try {
      // Blocked long enough that the lag's average stays past twice the limit (a certain refusal)
      // for the few on-time samples a busy test machine may run before the check below.
      const blockedUntil = performance.now() + 1_200;
      while (performance.now() < blockedUntil); // a CPU-saturated process: nothing else runs
      await new Promise((r) => setTimeout(r, 1)); // the overdue sample runs first
      expect(verdict(() => admission.assertAdmits(0, undefined, performance.now()), metrics)).toBe('event_loop');
      // The lag's average decays as the loop turns on time again.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(verdict(() => admission.assertAdmits(0, undefined, performance.now()), metrics)).toBe('admitted');
    } finally {
      admission.onModuleDestroy();
    }
  });
});
