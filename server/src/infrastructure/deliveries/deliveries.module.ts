import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { TelegramModule } from '../telegram/telegram.module';
import { Deliveries } from './deliveries.service';
import { DELIVERIES_QUEUE } from './delivery-job';
import { DeliveryWorker } from './delivery-worker';

/** Mail and Telegram messages sent through a BullMQ queue, with retries (see DeliveryWorker). */
@Module({
  imports: [BullModule.registerQueue({ name: DELIVERIES_QUEUE }), MailModule, TelegramModule],
  providers: [Deliveries, DeliveryWorker],
  exports: [Deliveries],
})
export class DeliveriesModule {}
