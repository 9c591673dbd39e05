import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../config/app-config';
import { Deliveries } from '../../../infrastructure/deliveries/deliveries.service';
import { NoticeChannel, NoticeChannels, NoticeDelivery, noticeJobId } from '../notice-channels';
import { noticeEmail } from './notice-email';
import { UnsubscribeTokens } from './unsubscribe-token';

/** Notices by e-mail, on the deliveries' notice-mail lane (its retries), one job per notice. */
@Injectable()
export class EmailNoticeChannel implements NoticeChannel, OnModuleInit {
  readonly name = 'email' as const;

  constructor(
    private readonly channels: NoticeChannels,
    private readonly deliveries: Deliveries,
    private readonly tokens: UnsubscribeTokens,
    private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  onModuleInit(): void {
    this.channels.register(this);
  }

  async enqueue({ userId, notification }: NoticeDelivery): Promise<void> {
    const [user]: { email: string }[] = await this.db.query(`SELECT email FROM users WHERE id = $1`, [userId]);
    if (!user) return;
    const token = this.tokens.sign(userId, notification.kind);
    const unsubscribeUrl = `${this.config.publicOrigin}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
    const mail = noticeEmail(notification, this.config.publicOrigin, unsubscribeUrl);
    await this.deliveries.noticeMail(noticeJobId(this.name, notification.id), { to: user.email, ...mail });
  }
}
