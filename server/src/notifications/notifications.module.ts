import { Module } from '@nestjs/common';
import { RateLimitModule } from '../infrastructure/rate-limit/rate-limit.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { EmailNoticeChannel } from './channels/email/email.channel';
import { UnsubscribeController } from './channels/email/unsubscribe.controller';
import { UnsubscribeTokens } from './channels/email/unsubscribe-token';
import { NoticeChannels } from './channels/notice-channels';
import { PushNoticeChannel } from './channels/push/push.channel';
import { PushController } from './channels/push/push.controller';
import { TelegramNoticeChannel } from './channels/telegram/telegram.channel';
import { DeliveriesModule } from '../infrastructure/deliveries/deliveries.module';
import { NoticePreferencesController } from './preferences/notice-preferences.controller';
import { NoticePreferencesStore } from './preferences/notice-preferences.store';
import { MarkReadHandler } from './commands/mark-read/mark-read.handler';
import { NotifyDomainEventsHandler } from './events/handlers/notify-domain-events.handler';
import { ScheduleEndingSoonHandler } from './events/handlers/schedule-ending-soon.handler';
import { Notifier } from './notifier';
import { OutbidNotices } from './outbid/outbid-notices';
import { NotificationsController } from './notifications.controller';
import { GetNotificationsHandler } from './queries/get-notifications/get-notifications.handler';
import { EndingSoonScheduler } from './scheduling/ending-soon.scheduler';

/**
 * The bell: notices created from the domain events and the ending-soon jobs, and the member's API;
 * their outside channels (channels/: e-mail with its unsubscribe link, Telegram, and Web Push with
 * the member's devices API, each registering itself on NoticeChannels) and preferences.
 */
@Module({
  imports: [RealtimeModule, RateLimitModule, DeliveriesModule],
  controllers: [NotificationsController, NoticePreferencesController, UnsubscribeController, PushController],
  providers: [
    Notifier,
    OutbidNotices,
    NoticeChannels,
    NoticePreferencesStore,
    UnsubscribeTokens,
    EmailNoticeChannel,
    TelegramNoticeChannel,
    PushNoticeChannel,
    NotifyDomainEventsHandler,
    ScheduleEndingSoonHandler,
    EndingSoonScheduler,
    GetNotificationsHandler,
    MarkReadHandler,
  ],
})
export class NotificationsModule {}
