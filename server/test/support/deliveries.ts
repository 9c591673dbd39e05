import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { DELIVERIES_QUEUE } from '../../src/infrastructure/deliveries/delivery-job';
import type { TestApp } from './test-app';

/** The deliveries queue of a test application (mail and Telegram jobs). */
export function deliveriesQueue(t: TestApp): Queue {
  return t.app.get<Queue>(getQueueToken(DELIVERIES_QUEUE));
}

/**
 * Waits until the application's deliveries queue holds nothing waiting, running or waiting for
 * a retry: every message asked for so far was sent (or failed for good). Use it before counting
 * messages, above all before asserting that nothing was sent.
 */
export async function deliveriesSettled(t: TestApp, timeoutMs = 10_000): Promise<void> {
  const queue = deliveriesQueue(t);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    if (Object.values(counts).every((n) => n === 0)) return;
    if (Date.now() > deadline)
      throw new Error(`Deliveries still pending after ${timeoutMs} ms: ${JSON.stringify(counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
