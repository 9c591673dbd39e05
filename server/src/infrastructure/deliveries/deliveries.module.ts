import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { PushSender } from '../push/push-sender';
import { PushSubscriptions } from '../push/push-subscriptions';
import { TelegramModule } from '../telegram/telegram.module';
import { Deliveries } from './deliveries.service';
import { DELIVERIES_QUEUE } from './delivery-job';
import { DeliveryWorker } from './delivery-worker';

/** Mail, Telegram and Web Push messages sent through a BullMQ queue, with retries (see DeliveryWorker). */
@Module({
  imports: [BullModule.registerQueue({ name: DELIVERIES_QUEUE }), MailModule, TelegramModule],
  providers: [Deliveries, DeliveryWorker, PushSender, PushSubscriptions],
  exports: [Deliveries, PushSubscriptions],
})
export class DeliveriesModule {}
