import { BullModule, type RegisterQueueOptions } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { QUEUE_SPECS, type QueueSpec } from './queue-registry';
import { QueueWorkers } from './queue-worker';

/** The one way a queue is made: its registry row's name and default job options. */
export const queueOptions = (spec: QueueSpec): RegisterQueueOptions => ({
  name: spec.name,
  defaultJobOptions: spec.jobOptions,
});

/**
 * BullMQ on the same Redis, under REDIS_PREFIX: every queue of the registry (QUEUES), injected
 * anywhere with `@InjectQueue(QUEUES.<key>.name)`, and QueueWorkers, the base every worker
 * registers with. Job ids are stable where scheduling must be idempotent (the registry's jobId).
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
    BullModule.registerQueue(...QUEUE_SPECS.map(queueOptions)),
  ],
  providers: [QueueWorkers],
  exports: [BullModule, QueueWorkers],
})
export class QueuesModule {}
