import { Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { MailMessage } from '../mail/mail.service';
import type { PushPayload } from '../push/push-sender';
import { TELEGRAM_CHAT_SPACING_MS } from './delivery-lanes';
import { DeliveryQueues } from './delivery-queues';

/**
 * Reserves a chat's next free second, by Redis's clock (one clock for every replica): answers
 * how many ms from now the message may go, and moves the chat's next slot one spacing later.
 */
const NEXT_SLOT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local slot = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0'))
redis.call('SET', KEYS[1], slot + tonumber(ARGV[1]), 'PX', slot - now + tonumber(ARGV[1]))
return slot - now`;

/**
 * Queues outgoing messages, each on its lane (DELIVERY_LANES: a code never waits behind a
 * notice, and no two outside services share slots); a process with the `worker` role sends them
 * (DeliveryWorker), with retries. Resolves once the job is in Redis, not when the message is
 * sent; rejects when it could not be queued (Redis unreachable), which callers treat as a failed
 * send. Retries, backoff and what Redis keeps are each lane's queue's default job options (QUEUES).
 *
 * A notice's `jobId` (noticeJobId: `<channel>-<notice id>`) makes its call idempotent: BullMQ
 * adds nothing while a job of that id exists, and such a job is kept a day after it was sent
 * (NOTICE_JOB_OPTIONS), so a repeat from any replica within the day still finds it
 * (R-NOTICE-ONCE).
 */
@Injectable()
export class Deliveries {
  constructor(private readonly queues: DeliveryQueues) {}

  /** A code or an account notice by mail (the account's lane; deleted from Redis once sent). */
  async accountMail(message: MailMessage): Promise<void> {
    await this.queues.of('accountMail').add('mail', { channel: 'mail', message });
  }

  /** A code by Telegram, to the member's bound chat. */
  async accountTelegram(chatId: string, text: string): Promise<void> {
    await this.queues.of('accountTelegram').add('telegram', { channel: 'telegram', chatId, text });
  }

  /** A notice by mail. */
  async noticeMail(jobId: string, message: MailMessage): Promise<void> {
    await this.queues.of('noticeMail').add('mail', { channel: 'mail', message }, { jobId });
  }

  /**
   * A notice by Telegram, delayed to its chat's next free second (Telegram's ~1 message a second
   * per chat; the lane's limiter keeps the whole bot under ~30 a second).
   */
  async noticeTelegram(jobId: string, chatId: string, text: string): Promise<void> {
    const queue = this.queues.of('noticeTelegram');
    // A repeat reserves no slot for a job BullMQ would not add (two replicas racing here may
    // waste one second of the chat's spacing, never send twice: the job id decides).
    if (await queue.getJob(jobId)) return;
    const client = (await queue.client) as unknown as Redis;
    const slotKey = `${queue.opts.prefix ?? 'bull'}:${queue.name}:chat-slot:${chatId}`;
    const delay = Number(await client.eval(NEXT_SLOT, 1, slotKey, TELEGRAM_CHAT_SPACING_MS));
    await queue.add('telegram', { channel: 'telegram', chatId, text }, { jobId, delay });
  }

  /** A notice to each of the member's devices by Web Push. */
  async push(jobId: string, userId: string, payload: PushPayload): Promise<void> {
    await this.queues.of('push').add('push', { channel: 'push', userId, payload }, { jobId });
  }
}
