import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { RateLimitModule } from '../infrastructure/rate-limit/rate-limit.module';
import { ChangeCredentialsHandler } from './commands/change-credentials/change-credentials.handler';
import { ConfirmEmailChangeHandler } from './commands/confirm-email-change/confirm-email-change.handler';
import { UpdateProfileHandler } from './commands/update-profile/update-profile.handler';
import { UpdateProfileImageHandler } from './commands/update-profile-image/update-profile-image.handler';
import { UserEntity } from './entities/user.entity';
import { GetUserHandler } from './queries/get-user/get-user.handler';
import { GetUserStatsHandler } from './queries/get-user-stats/get-user-stats.handler';
import { UsersController } from './users.controller';

const commandHandlers = [
  UpdateProfileHandler,
  ChangeCredentialsHandler,
  ConfirmEmailChangeHandler,
  UpdateProfileImageHandler,
];
const queryHandlers = [GetUserHandler, GetUserStatsHandler];

/** Member profiles: view, edit, credentials, profile image. */
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity]), AuthModule, RateLimitModule],
  controllers: [UsersController],
  providers: [...commandHandlers, ...queryHandlers],
})
export class UsersModule {}
