import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { type Job, Queue, type Worker } from 'bullmq';
import { Metrics } from './metrics';

/** The job states mazad_queue_jobs reports. */
export const QUEUE_STATES = ['waiting', 'delayed', 'active', 'failed'] as const;

/**
 * Seconds between when a job was due (`timestamp + delay`) and the start of its first attempt;
 * null for a later start. BullMQ keeps no due time for a retried or re-timed job: its `delay`
 * is then counted from the retry or the change, its `timestamp` from its creation.
 */
export function firstStartDelaySeconds(job: Pick<Job, 'timestamp' | 'delay' | 'processedOn' | 'attemptsStarted'>) {
  if (job.attemptsStarted !== 1 || job.processedOn === undefined) return null;
  return Math.max(0, job.processedOn - (job.timestamp + job.delay)) / 1000;
}

/**
 * The BullMQ metrics. Queues are found by themselves: every BullMQ `Queue` the application
 * registers (`BullModule.registerQueue`) is a provider, and its depth is read at scrape time
 * (one Redis round trip per queue). Workers are created by the features that run jobs; each
 * hands its worker to `watchWorker` (one line) for its failures and delays.
 */
@Injectable()
export class QueueMetrics implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly metrics: Metrics,
  ) {}

  onModuleInit(): void {
    // By name: a queue registered by two modules is two providers of one queue.
    const byName = new Map<string, Queue>();
    for (const { instance } of this.discovery.getProviders())
      if (instance instanceof Queue) byName.set(instance.name, instance);
    const queues = [...byName.values()];
    if (queues.length === 0) return;
    const gauge = this.metrics.queueJobs;
    this.metrics.onScrape(async () => {
      gauge.reset();
      const counts = await Promise.all(queues.map((queue) => queue.getJobCounts(...QUEUE_STATES)));
      queues.forEach((queue, i) => {
        for (const state of QUEUE_STATES) gauge.set({ queue: queue.name, state }, counts[i][state] ?? 0);
      });
    });
  }

  /**
   * Records the failed attempts of `worker` and, unless `delays` is 'reported' (its processor
   * knows the due time better and calls `startedLate`), each job's first start delay.
   */
  watchWorker(worker: Worker, delays: 'first-start' | 'reported' = 'first-start'): void {
    const queue = worker.name;
    worker.on('failed', () => this.metrics.queueFailures.inc({ queue }));
    if (delays === 'first-start') {
      worker.on('active', (job: Job) => {
        const seconds = firstStartDelaySeconds(job);
        if (seconds !== null) this.startedLate(queue, seconds);
      });
    }
  }

  /** A job of `queue` started `seconds` after it was due. */
  startedLate(queue: string, seconds: number): void {
    this.metrics.queueJobDelay.observe({ queue }, seconds);
  }
}
