import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../config/app-config';
import { DELIVERY_JOB_OPTIONS } from '../../../infrastructure/deliveries/delivery-job';
import { noticePath } from '../email/notice-email';
import { NoticeChannel, NoticeChannels, NoticeDelivery, noticeJobId } from '../notice-channels';
import { TELEGRAM_CHAT_SPACING_MS, TELEGRAM_NOTICES_QUEUE, TelegramNoticeJob } from './telegram-notices.queue';

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
 * Notices by Telegram, for members who linked it (users.telegram_chat_id, set by the auth
 * feature's binding). Each job is delayed to its chat's next free second (Telegram's ~1 message
 * a second per chat); the queue's limiter keeps the whole bot under ~30 a second.
 */
@Injectable()
export class TelegramNoticeChannel implements NoticeChannel, OnModuleInit {
  readonly name = 'telegram' as const;

  constructor(
    private readonly channels: NoticeChannels,
    @InjectQueue(TELEGRAM_NOTICES_QUEUE) private readonly queue: Queue<TelegramNoticeJob>,
    private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  onModuleInit(): void {
    if (this.config.telegramBotToken) this.channels.register(this);
  }

  async enqueue({ userId, notification }: NoticeDelivery): Promise<void> {
    const [user]: { telegram_chat_id: string | null }[] = await this.db.query(
      `SELECT telegram_chat_id FROM users WHERE id = $1`,
      [userId],
    );
    const chatId = user?.telegram_chat_id;
    if (!chatId) return;
    const jobId = noticeJobId(this.name, notification.id);
    // A repeat reserves no slot for a job BullMQ would not add (two replicas racing here may
    // waste one second of the chat's spacing, never send twice: the job id decides).
    if (await this.queue.getJob(jobId)) return;
    const client = (await this.queue.client) as unknown as Redis;
    const slotKey = `${this.queue.opts.prefix ?? 'bull'}:${TELEGRAM_NOTICES_QUEUE}:chat-slot:${chatId}`;
    const delay = Number(await client.eval(NEXT_SLOT, 1, slotKey, TELEGRAM_CHAT_SPACING_MS));
    const text = `${notification.title}\n${notification.body}\n${this.config.publicOrigin}${noticePath(notification.link)}`;
    await this.queue.add(
      'notice',
      { chatId, text },
      { ...DELIVERY_JOB_OPTIONS, jobId, delay, removeOnComplete: { age: 24 * 3600 } },
    );
  }
}
