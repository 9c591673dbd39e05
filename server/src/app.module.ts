import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ScheduleModule } from '@nestjs/schedule';
import { AuthCoreModule } from './auth/core/auth-core.module';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { HealthModule } from './health/health.module';
import { DatabaseModule } from './infrastructure/database/database.module';
import { LoggingModule } from './infrastructure/logging/logging.module';
import { QueuesModule } from './infrastructure/queues/queues.module';
import { RedisModule } from './infrastructure/redis/redis.module';

/** Feature modules, one per bounded area of the product. */
const FEATURES = [HealthModule];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule,
        DatabaseModule,
        RedisModule,
        QueuesModule,
        CqrsModule.forRoot(),
        ScheduleModule.forRoot(),
        AuthCoreModule,
        ...FEATURES,
      ],
    };
  }
}
