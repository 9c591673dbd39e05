import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Job, UnrecoverableError, Worker } from 'bullmq';
import { scrubText } from '../logging/redact';
import { MailService } from '../mail/mail.service';
import { QueueMetrics } from '../metrics/queue-metrics';
import { PushSender, PushServiceError } from '../push/push-sender';
import { closeWorker } from '../queues/close-worker';
import { WorkerRole } from '../roles/worker-role';
import { TelegramService } from '../telegram/telegram.service';
import { DeliveryJobData, deliveryOf, failureIsPermanent, withoutContent } from './delivery-job';
import { DELIVERY_LANES, type DeliveryLane } from './delivery-lanes';
import { DeliveryQueues } from './delivery-queues';

/**
 * Sends the queued mail, Telegram and Web Push messages, in processes with the `worker` role only
 * (WorkerRole, MAZAD_ROLES): other roles queue them (Deliveries) and never send. One BullMQ worker
 * per lane (DELIVERY_LANES), each with its own slots. A failed attempt is logged and retried with
 * backoff (DELIVERY_JOB_OPTIONS); the last one, or a permanent refusal, is logged as an error and
 * the job, its text removed, stays in the failed set. Log lines name the job, its queue, channel and
 * attempt, never the recipient or the text (codes).
 */
@Injectable()
export class DeliveryWorker implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(DeliveryWorker.name);
  private readonly workers: Worker<DeliveryJobData>[] = [];

  constructor(
    private readonly workerRole: WorkerRole,
    private readonly queueMetrics: QueueMetrics,
    private readonly queues: DeliveryQueues,
    private readonly mail: MailService,
    private readonly telegram: TelegramService,
    private readonly push: PushSender,
  ) {}

  onModuleInit(): void {
    if (!this.workerRole.active) return;
    for (const [lane, queue] of this.queues.all()) {
      const { concurrency, limiter } = DELIVERY_LANES[lane] as DeliveryLane;
      const { connection, prefix } = queue.opts;
      const worker = new Worker<DeliveryJobData>(queue.name, (job) => this.process(job), {
        connection,
        prefix,
        concurrency,
        limiter,
      });
      // A worker without an error listener crashes the process when Redis drops the connection.
      worker.on('error', (err) =>
        this.logger.warn({ err, lane }, 'Delivery worker error (BullMQ reconnects by itself)'),
      );
      this.queueMetrics.watchWorker(worker);
      this.workers.push(worker);
    }
  }

  /** Lets messages being sent finish while the connections are still open. */
  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.workers.map((worker) => closeWorker(worker, `Delivery (${worker.name})`, this.logger)));
  }

  /** One attempt at a job; throws to have BullMQ retry it (or fail it for good). */
  async process(job: Job<DeliveryJobData>): Promise<void> {
    try {
      await this.send(job);
    } catch (err) {
      throw await this.failed(job, err);
    }
  }

  private async send(job: Job<DeliveryJobData>): Promise<void> {
    const data = deliveryOf(job.data);
    if (data.channel === 'mail') return this.mail.send(data.message);
    if (data.channel === 'telegram') return this.telegram.sendMessage(data.chatId, data.text);
    const retry = await this.push.send(data.userId, data.payload, data.endpoints);
    if (retry.length === 0) return;
    // The next attempt sends only to the devices that failed: the others already have it.
    await job.updateData({ ...data, endpoints: retry });
    throw new PushServiceError(`${retry.length} push service(s) failed; retrying those devices`);
  }

  /** Logs a failed attempt and returns what to throw: the reason BullMQ stores, scrubbed. */
  private async failed(job: Job<DeliveryJobData>, err: unknown): Promise<Error> {
    const attempt = job.attemptsMade + 1;
    const attempts = job.opts.attempts ?? 1;
    const permanent = failureIsPermanent(err);
    const reason = scrubText((err as Error).message ?? String(err));
    const context = {
      err,
      jobId: job.id,
      queue: job.queueName,
      channel: deliveryOf(job.data).channel,
      attempt,
      attempts,
    };
    if (!permanent && attempt < attempts) {
      this.logger.warn(context, `Delivery attempt ${attempt}/${attempts} failed; retrying later`);
      return new Error(reason);
    }
    await job
      .updateData(withoutContent(deliveryOf(job.data)))
      .catch((updateErr: unknown) =>
        this.logger.warn({ err: updateErr, jobId: job.id }, 'Could not remove the text of a failed delivery'),
      );
    this.logger.error(
      context,
      `Delivery failed for good after ${attempt} attempt(s)${permanent ? ' (refused)' : ''}; kept in the failed set`,
    );
    return permanent ? new UnrecoverableError(reason) : new Error(reason);
  }
}
