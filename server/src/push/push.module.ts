import { Module } from '@nestjs/common';
import { DeliveriesModule } from '../infrastructure/deliveries/deliveries.module';
import { RateLimitModule } from '../infrastructure/rate-limit/rate-limit.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { PushChannel } from './push-channel';
import { PushController } from './push.controller';

/** Web Push: the member's devices (API) and the `push` notice channel. */
@Module({
  imports: [NotificationsModule, DeliveriesModule, RateLimitModule],
  controllers: [PushController],
  providers: [PushChannel],
  exports: [PushChannel],
})
export class PushModule {}
