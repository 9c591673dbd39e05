import { Injectable, type Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { type Job, type Queue, Worker } from 'bullmq';
import { QueueMetrics } from '../metrics/queue-metrics';
import { WorkerRole } from '../roles/worker-role';
import { QUEUE_SPECS, queueSpec } from './queue-registry';

/**
 * How long shutdown waits for a worker to close: a BullMQ worker whose Redis connection was
 * cut can wait for ever in close(), and the process must still stop.
 */
export const WORKER_CLOSE_TIMEOUT_MS = 5_000;

/** One attempt at a job; throws to have BullMQ retry it (or fail it for good). */
export type JobProcessor<T> = (job: Job<T>, token?: string) => Promise<unknown>;

export interface QueueWorkerOptions<T> {
  /** The owner's logger, so the worker's lines carry its context. */
  logger: Logger;
  /** What the worker does, first word of its log lines ("Delivery", "auction end"). */
  label: string;
  /**
   * Who reports how late jobs start (mazad_queue_job_delay_seconds): BullMQ's due time on the
   * first start, or 'reported' by the processor, which knows the due time better (QueueMetrics).
   */
  delays?: 'first-start' | 'reported';
  /** The owner's own word on a failed attempt (its failures are counted in any case). */
  onFailed?: (job: Job<T> | undefined, err: Error) => void;
}

interface Registration {
  queue: Queue;
  process: JobProcessor<unknown>;
  options: QueueWorkerOptions<unknown>;
  worker?: Worker;
}

/**
 * The one base of every BullMQ worker. A feature registers its processor for a queue of the
 * registry (QUEUES), in every process, at module initialisation; then, at start-up:
 * - every queue of the registry must have exactly one worker and every worker a queue of the
 *   registry, or the start-up fails naming them;
 * - only a process with the `worker` role (WorkerRole) runs them, each with its queue's
 *   connection and prefix and the registry's concurrency and limiter, an error listener (without
 *   one a dropped Redis connection crashes the process) and the queue metrics;
 * - at shutdown they close, letting the jobs in progress finish, each within
 *   WORKER_CLOSE_TIMEOUT_MS.
 * Workers start at application bootstrap, after every module's initialisation: what a job
 * needs (the notice channels registering themselves, …) is there before the first job runs.
 */
@Injectable()
export class QueueWorkers implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly registrations = new Map<string, Registration>();

  constructor(
    private readonly workerRole: WorkerRole,
    private readonly queueMetrics: QueueMetrics,
  ) {}

  /** `process` works `queue` in worker processes; throws for a queue the registry lacks or one already worked. */
  register<T>(queue: Queue<T>, process: JobProcessor<T>, options: QueueWorkerOptions<T>): void {
    queueSpec(queue.name);
    if (this.registrations.has(queue.name))
      throw new Error(`BullMQ queue "${queue.name}" has two workers registered; a queue has one`);
    this.registrations.set(queue.name, {
      queue: queue as Queue,
      process: process as JobProcessor<unknown>,
      options: options as QueueWorkerOptions<unknown>,
    });
  }

  onApplicationBootstrap(): void {
    this.assertEveryQueueWorked();
    if (!this.workerRole.active) return;
    for (const registration of this.registrations.values()) registration.worker = this.start(registration);
  }

  /** Lets the jobs in progress finish while the database and Redis connections are still open. */
  async onModuleDestroy(): Promise<void> {
    await Promise.all(
      [...this.registrations.values()].map(
        ({ worker, queue, options }) =>
          worker && closeWorker(worker, `${options.label} (${queue.name})`, options.logger),
      ),
    );
  }

  /** Fails the start-up when a queue of the registry has no worker: its jobs would wait for ever. */
  private assertEveryQueueWorked(): void {
    const unworked = QUEUE_SPECS.filter((spec) => !this.registrations.has(spec.name)).map((spec) => spec.name);
    if (unworked.length > 0)
      throw new Error(
        `BullMQ queue(s) without a worker: ${unworked.join(', ')}. Register one (QueueWorkers.register) ` +
          'or remove the queue from infrastructure/queues/queue-registry.ts',
      );
  }

  private start({ queue, process, options }: Registration): Worker {
    const { concurrency, limiter } = queueSpec(queue.name);
    const { connection, prefix } = queue.opts;
    const worker = new Worker(queue.name, process, { connection, prefix, concurrency, ...(limiter && { limiter }) });
    worker.on('error', (err) =>
      options.logger.warn({ err, queue: queue.name }, `${options.label} worker error (BullMQ reconnects by itself)`),
    );
    if (options.onFailed) worker.on('failed', options.onFailed);
    this.queueMetrics.watchWorker(worker, options.delays);
    return worker;
  }
}

/** Closes a worker (its jobs in progress finish), giving up after WORKER_CLOSE_TIMEOUT_MS. */
async function closeWorker(worker: Worker, label: string, logger: Logger): Promise<void> {
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
