import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';

/**
 * BullMQ on the same Redis, under REDIS_PREFIX. Feature modules register their own queues
 * with `BullModule.registerQueue`; job ids are stable so scheduling is idempotent.
 */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        connection: { url: config.redisUrl, maxRetriesPerRequest: null },
        prefix: `${config.redisPrefix}:bull`,
      }),
    }),
  ],
  exports: [BullModule],
})
export class QueuesModule {}
