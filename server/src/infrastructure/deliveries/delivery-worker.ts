import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Job, UnrecoverableError } from 'bullmq';
import { scrubText } from '../logging/redact';
import { MailService } from '../mail/mail.service';
import { PushSender, PushServiceError } from '../push/push-sender';
import { QueueWorkers } from '../queues/queue-worker';
import { TelegramService } from '../telegram/telegram.service';
import { DeliveryJobData, deliveryOf, failureIsPermanent, withoutContent } from './delivery-job';
import { DeliveryQueues } from './delivery-queues';

/**
 * Sends the queued mail, Telegram and Web Push messages, in processes with the `worker` role only
 * (QueueWorkers, MAZAD_ROLES): other roles queue them (Deliveries) and never send. One BullMQ
 * worker per lane (DELIVERY_LANES), each with its own slots (the registry's concurrency). A failed attempt is logged and retried with
 * backoff (DELIVERY_JOB_OPTIONS); the last one, or a permanent refusal, is logged as an error and
 * the job, its text removed, stays in the failed set. Log lines name the job, its queue, channel and
 * attempt, never the recipient or the text (codes).
 */
@Injectable()
export class DeliveryWorker implements OnModuleInit {
  private readonly logger = new Logger(DeliveryWorker.name);

  constructor(
    private readonly queueWorkers: QueueWorkers,
    private readonly queues: DeliveryQueues,
    private readonly mail: MailService,
    private readonly telegram: TelegramService,
    private readonly push: PushSender,
  ) {}

  onModuleInit(): void {
    for (const [, queue] of this.queues.all())
      this.queueWorkers.register(queue, (job) => this.process(job), { logger: this.logger, label: 'Delivery' });
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
