import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { MailMessage } from '../mail/mail.service';
import type { PushPayload } from '../push/push-sender';
import { DELIVERIES_QUEUE, DELIVERY_JOB_OPTIONS, DeliveryJobData, PUSH_JOB_OPTIONS } from './delivery-job';

/**
 * Queues outgoing messages (mail, Telegram, Web Push); a process with the `worker` role sends them (DeliveryWorker), with
 * retries. Resolves once the job is in Redis, not when the message is sent; rejects when it
 * could not be queued (Redis unreachable), which callers treat as a failed send.
 */
@Injectable()
export class Deliveries {
  constructor(@InjectQueue(DELIVERIES_QUEUE) private readonly queue: Queue<DeliveryJobData>) {}

  /**
   * `jobId`, when given, makes the call idempotent: BullMQ adds nothing while a job of that id
   * exists (a notice's `email:<notificationId>`, R-NOTICE-ONCE); such a job is kept a day after
   * it was sent, so a repeat within the day still finds it (a notice holds no secret, unlike a code).
   */
  async mail(message: MailMessage, jobId?: string): Promise<void> {
    const options = jobId
      ? { ...DELIVERY_JOB_OPTIONS, jobId, removeOnComplete: { age: 24 * 3600 } }
      : DELIVERY_JOB_OPTIONS;
    await this.queue.add('mail', { channel: 'mail', message }, options);
  }

  async telegram(chatId: string, text: string): Promise<void> {
    await this.queue.add('telegram', { channel: 'telegram', chatId, text }, DELIVERY_JOB_OPTIONS);
  }

  /**
   * A push to each of the member's devices. `jobId` is stable per event (the notice's): a
   * repeated call, from any replica, queues nothing new while the job waits, retries, failed
   * for good, or was sent less than a day ago (PUSH_JOB_OPTIONS).
   */
  async push(jobId: string, userId: string, payload: PushPayload): Promise<void> {
    await this.queue.add('push', { channel: 'push', userId, payload }, { ...PUSH_JOB_OPTIONS, jobId });
  }
}
