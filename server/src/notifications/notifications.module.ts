import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { RateLimitModule } from '../infrastructure/rate-limit/rate-limit.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { NoticeChannels } from './channels/notice-channels';
import { MarkReadHandler } from './commands/mark-read/mark-read.handler';
import { NotifyDomainEventsHandler } from './events/handlers/notify-domain-events.handler';
import { ScheduleEndingSoonHandler } from './events/handlers/schedule-ending-soon.handler';
import { Notifier } from './notifier';
import { NotificationsController } from './notifications.controller';
import { GetNotificationsHandler } from './queries/get-notifications/get-notifications.handler';
import { ENDING_SOON_QUEUE } from './scheduling/ending-soon.queue';
import { EndingSoonScheduler } from './scheduling/ending-soon.scheduler';

/** The bell: notices created from the domain events and the ending-soon jobs, and the member's API. */
@Module({
  imports: [RealtimeModule, RateLimitModule, BullModule.registerQueue({ name: ENDING_SOON_QUEUE })],
  controllers: [NotificationsController],
  providers: [
    Notifier,
    NoticeChannels,
    NotifyDomainEventsHandler,
    ScheduleEndingSoonHandler,
    EndingSoonScheduler,
    GetNotificationsHandler,
    MarkReadHandler,
  ],
  exports: [NoticeChannels],
})
export class NotificationsModule {}
