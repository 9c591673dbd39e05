import { Injectable, Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { AppConfig } from '../../config/app-config';

/**
 * What only worker processes run (MAZAD_ROLES has `worker`): the BullMQ processors, their
 * start-up reconciliation and the periodic sweeps of shared state. Each of those asks here, so
 * the rule lives in one place (docs/operations.md, "Roles"). Adding jobs to a queue is not
 * worker work: any process schedules an auction's end, and a worker runs it.
 */
@Injectable()
export class WorkerRole {
  private readonly logger = new Logger(WorkerRole.name);

  constructor(
    private readonly config: AppConfig,
    private readonly registry: SchedulerRegistry,
  ) {}

  /** This process runs the cluster's background work. */
  get active(): boolean {
    return this.config.hasRole('worker');
  }

  /**
   * Runs `task` every `ms` in a worker process; elsewhere does nothing. The timer is kept in
   * Nest's SchedulerRegistry under `name`, which clears it at shutdown (and a test may stop it
   * by name). Answers a function that stops it earlier.
   */
  every(name: string, ms: number, task: () => Promise<unknown>): () => void {
    if (!this.active) return () => undefined;
    const tick = () =>
      task().catch((err: unknown) => this.logger.error({ err }, `${name} failed; the next period retries`));
    // Left running on purpose: tick() reports its own failure, and the next period tries again.
    this.registry.addInterval(
      name,
      setInterval(() => void tick(), ms),
    );
    return () => {
      if (this.registry.doesExist('interval', name)) this.registry.deleteInterval(name);
    };
  }
}
