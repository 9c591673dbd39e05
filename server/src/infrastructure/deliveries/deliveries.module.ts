import { getQueueToken } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { MailModule } from '../mail/mail.module';
import { PushEndpoints } from '../push/push-endpoints';
import { PushSender } from '../push/push-sender';
import { PushSubscriptions } from '../push/push-subscriptions';
import { TelegramModule } from '../telegram/telegram.module';
import { Deliveries } from './deliveries.service';
import type { DeliveryJobData } from './delivery-job';
import { DELIVERY_LANE_NAMES, DELIVERY_LANES } from './delivery-lanes';
import { DeliveryQueues } from './delivery-queues';
import { DeliveryWorker } from './delivery-worker';

const LANE_QUEUES = DELIVERY_LANE_NAMES.map((lane) => DELIVERY_LANES[lane].name);

/**
 * Mail, Telegram and Web Push messages sent through BullMQ queues, one per lane (DELIVERY_LANES;
 * the queues themselves are QueuesModule's, from the registry), with retries (see DeliveryWorker).
 */
@Module({
  imports: [MailModule, TelegramModule],
  providers: [
    {
      provide: DeliveryQueues,
      inject: LANE_QUEUES.map((name) => getQueueToken(name)),
      useFactory: (...queues: Queue<DeliveryJobData>[]) => new DeliveryQueues(queues),
    },
    Deliveries,
    DeliveryWorker,
    PushEndpoints,
    PushSender,
    PushSubscriptions,
  ],
  exports: [Deliveries, PushSubscriptions],
})
export class DeliveriesModule {}
