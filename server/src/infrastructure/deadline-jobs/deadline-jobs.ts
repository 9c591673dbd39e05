import { Inject, Logger, OnApplicationBootstrap, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DelayedError, Job, Queue } from 'bullmq';
import { QueueMetrics } from '../metrics/queue-metrics';
import { jobIdOf, queueSpec, type QueueSpec } from '../queues/queue-registry';
import { QueueWorkers } from '../queues/queue-worker';
import { WorkerRole } from '../roles/worker-role';

/**
 * A job's data. The field is `auctionId` because every deadline belongs to an auction, and the
 * delayed jobs already waiting in Redis carry that name.
 */
export interface DeadlineJobData {
  auctionId: string;
}

/** An auction waiting for its deadline, as the start-up reconciliation reads it. */
export interface PendingDeadline {
  id: string;
  dueAt: Date;
  /** The deadline already passed, by the database clock. */
  overdue: boolean;
}

/** Grace before the sweep steps in for a job that should have fired. */
export const SWEEP_GRACE_SECONDS = 2;
/** Deadlines one sweep handles at most (the next sweep takes the rest). */
export const SWEEP_LIMIT = 500;

/**
 * One delayed job per auction and deadline, the way the end of auctions and the archive both
 * need it. Redis holds the jobs, PostgreSQL the truth:
 * - `schedule` keeps one job per auction under a stable id, and re-times it when the deadline
 *   moves;
 * - the job re-reads the deadline by the database clock when it fires: still ahead (extended,
 *   or the job woke early) → the same job is delayed again; passed → `runDue`;
 * - at start-up every pending deadline gets its job again (idempotent by id) and overdue ones
 *   run at once;
 * - a periodic sweep runs deadlines whose job was lost while the server ran.
 * `runDue` is conditional in the database, so retries, the sweep and racing replicas do it once.
 * Any process schedules and cancels; only worker processes (WorkerRole) run the jobs (through
 * QueueWorkers), the start-up reconciliation and the sweep. The queue's row of the registry
 * (QUEUES) gives the job name, the job id scheme (one part: the key), the job options and the
 * sweep's period.
 *
 * A feature extends this with its queue and its own parts: when a deadline is (`remainingMs`,
 * `pending`, `overdue`) and what happens then (`runDue`).
 */
export abstract class DeadlineJobs implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  protected readonly logger = new Logger(this.constructor.name);
  private readonly spec: QueueSpec;
  private readonly sweepIntervalMs: number;
  private stopSweep?: () => void;
  /** Injected as properties, so that each feature's subclass need not pass them to super(). */
  @Inject(QueueMetrics) private readonly queueMetrics!: QueueMetrics;
  @Inject(QueueWorkers) private readonly queueWorkers!: QueueWorkers;

  /** `label` says what the deadline is, for logs ("auction end", "archive"). */
  protected constructor(
    private readonly queue: Queue<DeadlineJobData>,
    private readonly label: string,
    private readonly workerRole: WorkerRole,
  ) {
    this.spec = queueSpec(queue.name);
    if (this.spec.sweepIntervalMs === undefined)
      throw new Error(`Deadline queue "${queue.name}" has no sweep interval in the queue registry`);
    this.sweepIntervalMs = this.spec.sweepIntervalMs;
  }

  /** Milliseconds from the database's now to the auction's deadline; null when nothing waits for it any more. */
  protected abstract remainingMs(auctionId: string): Promise<number | null>;
  /** Does what the deadline calls for, if it is still due; true when this call did it. */
  protected abstract runDue(auctionId: string): Promise<boolean>;
  /** Every auction waiting for its deadline. */
  protected abstract pending(): Promise<PendingDeadline[]>;
  /** Up to `limit` auctions whose deadline passed more than `graceSeconds` ago. */
  protected abstract overdue(graceSeconds: number, limit: number): Promise<string[]>;

  /** The auction's job fires at `dueAt`: added, or re-timed if it is already waiting. */
  async schedule(auctionId: string, dueAt: Date): Promise<void> {
    const delay = Math.max(0, dueAt.getTime() - Date.now());
    const jobId = this.jobId(auctionId);
    const existing = await this.queue.getJob(jobId);
    if (existing && (await existing.isDelayed())) {
      await existing.changeDelay(delay);
      return;
    }
    await this.queue.add(this.spec.jobNames[0], { auctionId }, { jobId, delay });
  }

  /** Drops the auction's job, unless it is running (then it finds nothing to do). */
  async cancel(auctionId: string): Promise<void> {
    const job = await this.queue.getJob(this.jobId(auctionId));
    if (job && !(await job.isActive())) await job.remove();
  }

  /** Its jobs run on worker processes only, reporting their own delays (process() knows the deadline). */
  onModuleInit(): void {
    this.queueWorkers.register(this.queue, (job, token) => this.process(job, token), {
      logger: this.logger,
      label: this.label,
      delays: 'reported',
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.workerRole.active) return;
    this.stopSweep = this.workerRole.every(`${this.label} sweep`, this.sweepIntervalMs, () => this.sweep());
    await this.reconcile();
  }

  /** Stops the sweep (QueueWorkers closes the worker). */
  onModuleDestroy(): void {
    this.stopSweep?.();
  }

  private jobId(key: string): string {
    return jobIdOf(this.spec.jobId, key);
  }

  /** The job at its deadline: re-delayed while the database says it is ahead, otherwise run. */
  async process(job: Job<DeadlineJobData>, token?: string): Promise<void> {
    const remaining = await this.remainingMs(job.data.auctionId);
    if (remaining === null) return;
    if (remaining > 0) {
      await job.moveToDelayed(Date.now() + Math.ceil(remaining), token);
      throw new DelayedError();
    }
    // How late, by the database clock: BullMQ's own due time is lost once a deadline is re-timed.
    this.queueMetrics.startedLate(this.queue.name, -remaining / 1000);
    await this.runDue(job.data.auctionId);
  }

  /**
   * Start-up: every pending deadline gets its job again, overdue ones run at once. A failure is
   * not fatal: the sweep runs overdue deadlines within its interval.
   */
  async reconcile(): Promise<void> {
    try {
      const pending = await this.pending();
      let ran = 0;
      for (const p of pending) {
        if (p.overdue) ran += Number(await this.runDue(p.id));
        else await this.schedule(p.id, p.dueAt);
      }
      if (pending.length) this.logger.log(`Reconciled ${pending.length} pending ${this.label}s (${ran} overdue run)`);
    } catch (err) {
      this.logger.error({ err }, `${this.label} reconciliation failed`);
    }
  }

  /** Runs the deadlines whose job was lost (Redis flushed, a job removed by hand…). */
  async sweep(): Promise<void> {
    try {
      for (const id of await this.overdue(SWEEP_GRACE_SECONDS, SWEEP_LIMIT)) await this.runDue(id);
    } catch (err) {
      this.logger.warn({ err }, `${this.label} sweep failed; will retry`);
    }
  }
}
