import type { Queue } from 'bullmq';
import { DELIVERY_LANE_NAMES, type DeliveryLaneName } from '../../src/infrastructure/deliveries/delivery-lanes';
import { DeliveryQueues } from '../../src/infrastructure/deliveries/delivery-queues';
import type { TestApp } from './test-app';

/** The queue of one delivery lane of a test application (the account's mail by default: codes). */
export function deliveriesQueue(t: TestApp, lane: DeliveryLaneName = 'accountMail'): Queue {
  return t.app.get(DeliveryQueues).of(lane);
}

/**
 * Waits until every delivery lane of the application holds nothing waiting, running or waiting
 * for a retry: every message asked for so far was sent (or failed for good). Use it before
 * counting messages, above all before asserting that nothing was sent.
 */
export async function deliveriesSettled(t: TestApp, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = await Promise.all(
      DELIVERY_LANE_NAMES.map((lane) =>
        deliveriesQueue(t, lane).getJobCounts('waiting', 'active', 'delayed', 'prioritized'),
      ),
    );
    const pending = counts.flatMap((c) => Object.values(c)).reduce((a, b) => a + b, 0);
    if (pending === 0) return;
    if (Date.now() > deadline)
      throw new Error(`Deliveries still pending after ${timeoutMs} ms: ${JSON.stringify(counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
