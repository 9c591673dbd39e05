import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ScheduleModule } from '@nestjs/schedule';
import { AdminModule } from './admin/admin.module';
import { ArchiveModule } from './archive/archive.module';
import { AuthCoreModule } from './auth/core/auth-core.module';
import { AuthModule } from './auth/auth.module';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { ContactModule } from './contact/contact.module';
import { ContentModule } from './content/content.module';
import { DealsModule } from './deals/deals.module';
import { NotificationsModule } from './notifications/notifications.module';
import { WatchlistModule } from './watchlist/watchlist.module';
import { AuctionsModule } from './auctions/auctions.module';
import { AuctionEndModule } from './auctions/scheduling/auction-end.module';
import { BidsModule } from './bids/bids.module';
import { BlocksModule } from './blocks/blocks.module';
import { HealthModule } from './health/health.module';
import { MessagesModule } from './messages/messages.module';
import { RatingsModule } from './ratings/ratings.module';
import { RealtimeModule } from './realtime/realtime.module';
import { DatabaseModule } from './infrastructure/database/database.module';
import { LoggingModule } from './infrastructure/logging/logging.module';
import { MetricsModule } from './infrastructure/metrics/metrics.module';
import { LifecycleModule } from './infrastructure/lifecycle/lifecycle.module';
import { QueuesModule } from './infrastructure/queues/queues.module';
import { RedisModule } from './infrastructure/redis/redis.module';
import { RolesModule } from './infrastructure/roles/roles.module';
import { SeedModule } from './seed/seed.module';
import { SettingsModule } from './settings/settings.module';
import { SharePreviewsModule } from './share-previews/share-previews.module';
import { LoadTestModule } from './load-test/load-test.module';
import { StorageModule } from './infrastructure/storage/storage.module';
import { UsersModule } from './users/users.module';
import { AuditModule } from './audit/audit.module';

/** Feature modules, one per bounded area of the product. */
const FEATURES = [
  HealthModule,
  AuthModule,
  AuctionsModule,
  UsersModule,
  SeedModule,
  BidsModule,
  AuctionEndModule,
  RealtimeModule,
  ContentModule,
  RatingsModule,
  MessagesModule,
  DealsModule,
  WatchlistModule,
  BlocksModule,
  NotificationsModule,
  ArchiveModule,
  AdminModule,
  ContactModule,
  SettingsModule,
  SharePreviewsModule,
  LoadTestModule,
  AuditModule,
];

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
        MetricsModule,
        LifecycleModule,
        StorageModule,
        CqrsModule.forRoot(),
        ScheduleModule.forRoot(),
        RolesModule,
        AuthCoreModule,
        ...FEATURES,
      ],
    };
  }
}
