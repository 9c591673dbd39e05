import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { noticePath } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../config/app-config';
import { Deliveries } from '../../../infrastructure/deliveries/deliveries.service';
import { NoticeChannel, NoticeChannels, NoticeDelivery, noticeJobId } from '../notice-channels';

/**
 * Notices by Telegram, for members who linked it (users.telegram_chat_id, set by the auth
 * feature's binding), on the deliveries' Telegram notice lane: at most one message a second per
 * chat and ~25 a second for the whole bot (DELIVERY_LANES.noticeTelegram, Deliveries.noticeTelegram).
 */
@Injectable()
export class TelegramNoticeChannel implements NoticeChannel, OnModuleInit {
  readonly name = 'telegram' as const;

  constructor(
    private readonly channels: NoticeChannels,
    private readonly deliveries: Deliveries,
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
    const text = `${notification.title}\n${notification.body}\n${this.config.publicOrigin}${noticePath(notification.link)}`;
    await this.deliveries.noticeTelegram(noticeJobId(this.name, notification.id), chatId, text);
  }
}
