import type { Logger } from '@nestjs/common';
import type { Worker } from 'bullmq';

/**
 * How long shutdown waits for a worker to close: a BullMQ worker whose Redis connection was
 * cut can wait for ever in close(), and the process must still stop.
 */
export const WORKER_CLOSE_TIMEOUT_MS = 5_000;

/**
 * Closes a BullMQ worker (it lets the jobs in progress finish), giving up after
 * WORKER_CLOSE_TIMEOUT_MS; `label` names the worker in the warnings.
 */
export async function closeWorker(worker: Worker, label: string, logger: Logger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), WORKER_CLOSE_TIMEOUT_MS);
  });
  const closed = worker.close().then(
    () => 'closed' as const,
    (err: unknown) => logger.warn({ err }, `${label} worker close failed`),
  );
  const outcome = await Promise.race([closed, timedOut]);
  clearTimeout(timer);
  if (outcome === 'timed out') logger.warn(`${label} worker did not close in time; left behind`);
}
