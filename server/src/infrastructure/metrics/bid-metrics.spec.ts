import { AppConfig } from '../../config/app-config';
import { AppException } from '../../common/errors/app.exception';
import { BidMetrics, refusalCode } from './bid-metrics';
import { Metrics } from './metrics';

const config = AppConfig.fromEnvironment({ JWT_SECRET: 'unit-test-secret-that-is-long-enough-0123456789' });

/** The value of mazad_bids_total for exactly these labels (0 when the series does not exist). */
async function bidsCounted(metrics: Metrics, labels: { action: string; outcome: string; code: string }) {
  const { values } = await metrics.bids.get();
  const series = values.find(
    (v) => v.labels.action === labels.action && v.labels.outcome === labels.outcome && v.labels.code === labels.code,
  );
  return series?.value ?? 0;
}

describe('bid decisions in the metrics', () => {
  it('a refusal is counted under the code its answer carries; a failure under INTERNAL_ERROR', () => {
    expect(refusalCode(new AppException('BID_TOO_LOW'))).toBe('BID_TOO_LOW');
    expect(refusalCode(new AppException('AUCTION_BUSY'))).toBe('AUCTION_BUSY');
    expect(refusalCode(new Error('connection terminated'))).toBe('INTERNAL_ERROR');
  });

  it('counts accepted and refused decisions by action and code, and times each one', async () => {
    const metrics = new Metrics(config);
    const bids = new BidMetrics(metrics);
    const started = performance.now();
    bids.accepted('bid', started);
    bids.refused('bid', started, new AppException('BID_TOO_LOW'));
    bids.refused('bid', started, new AppException('BID_TOO_LOW'));
    bids.refused('buy_now', started, new AppException('BUY_NOW_OWN_AUCTION'));

    expect(await bidsCounted(metrics, { action: 'bid', outcome: 'accepted', code: '' })).toBe(1);
    expect(await bidsCounted(metrics, { action: 'bid', outcome: 'refused', code: 'BID_TOO_LOW' })).toBe(2);
    expect(await bidsCounted(metrics, { action: 'buy_now', outcome: 'refused', code: 'BUY_NOW_OWN_AUCTION' })).toBe(1);
    expect(await bidsCounted(metrics, { action: 'buy_now', outcome: 'accepted', code: '' })).toBe(0);
    const { values } = await metrics.bidDecision.get();
    const count = (action: string) =>
      values.find((v) => v.metricName === 'mazad_bid_decision_seconds_count' && v.labels.action === action)?.value;
    expect(count('bid')).toBe(3);
    expect(count('buy_now')).toBe(1);
  });

  it('counts admission refusals by reason (every reason exported at zero from the start)', async () => {
    const metrics = new Metrics(config);
    const bids = new BidMetrics(metrics);
    bids.admissionRefused('queue_wait');
    bids.admissionRefused('lock', 3);
    const { values } = await metrics.bidAdmissionRefusals.get();
    expect(Object.fromEntries(values.map((v) => [v.labels.reason, v.value]))).toEqual({
      queue_full: 0,
      queue_wait: 1,
      deadline: 0,
      lock: 3,
      event_loop: 0,
    });
  });
});
