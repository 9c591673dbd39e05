import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { MailMessage } from '../mail/mail.service';
import { DELIVERIES_QUEUE, DELIVERY_JOB_OPTIONS, DeliveryJobData } from './delivery-job';

/**
 * Queues outgoing messages; a process with the `worker` role sends them (DeliveryWorker), with
 * retries. Resolves once the job is in Redis, not when the message is sent; rejects when it
 * could not be queued (Redis unreachable), which callers treat as a failed send.
 */
@Injectable()
export class Deliveries {
  constructor(@InjectQueue(DELIVERIES_QUEUE) private readonly queue: Queue<DeliveryJobData>) {}

  async mail(message: MailMessage): Promise<void> {
    await this.queue.add('mail', { channel: 'mail', message }, DELIVERY_JOB_OPTIONS);
  }

  async telegram(chatId: string, text: string): Promise<void> {
    await this.queue.add('telegram', { channel: 'telegram', chatId, text }, DELIVERY_JOB_OPTIONS);
  }
}
