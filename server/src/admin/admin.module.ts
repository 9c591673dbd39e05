import { Module } from '@nestjs/common';
import { AuctionsModule } from '../auctions/auctions.module';
import { AuthModule } from '../auth/auth.module';
import { AdminController } from './admin.controller';
import { AdminInsightsController } from './admin-insights.controller';
import { DeleteUserHandler } from './commands/delete-user/delete-user.handler';
import { SetUserPasswordHandler } from './commands/set-user-password/set-user-password.handler';
import { GetAuctionConversationHandler } from './queries/get-auction-conversation/get-auction-conversation.handler';
import { GetDailyStatsHandler } from './queries/get-daily-stats/get-daily-stats.handler';
import { GetAdminStatsHandler } from './queries/get-admin-stats/get-admin-stats.handler';
import { ListAdminAuctionsHandler } from './queries/list-admin-auctions/list-admin-auctions.handler';
import { ListAdminUsersHandler } from './queries/list-admin-users/list-admin-users.handler';

const commandHandlers = [DeleteUserHandler, SetUserPasswordHandler];
const queryHandlers = [
  GetAdminStatsHandler,
  ListAdminUsersHandler,
  ListAdminAuctionsHandler,
  GetDailyStatsHandler,
  GetAuctionConversationHandler,
];

/** The admin API behind the operator console (/api/admin/*), admin sessions only. */
@Module({
  imports: [AuctionsModule, AuthModule],
  controllers: [AdminController, AdminInsightsController],
  providers: [...commandHandlers, ...queryHandlers],
})
export class AdminModule {}
