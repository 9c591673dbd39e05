import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DeliveriesModule } from '../infrastructure/deliveries/deliveries.module';
import { RateLimitModule } from '../infrastructure/rate-limit/rate-limit.module';
import { TelegramModule } from '../infrastructure/telegram/telegram.module';
import { AccountStore } from '../users';
import { UserEntity } from '../users/entities/user.entity';
import { AccountsService } from './accounts/accounts.service';
import { CredentialsService } from './accounts/credentials.service';
import { KnownLoginAddresses } from './accounts/known-login-addresses';
import { AdminBootstrapService } from './admin-bootstrap.service';
import { AuthController } from './auth.controller';
import { AuthKeys } from './auth-keys';
import { ChallengeService } from './challenges/challenge.service';
import { CodeSendThrottle } from './codes/code-send-throttle.service';
import { VerificationCodeService } from './codes/verification-code.service';
import { AdminLoginHandler } from './commands/admin-login/admin-login.handler';
import { AdminSessionHandler } from './commands/admin-session/admin-session.handler';
import { BootstrapAdminHandler } from './commands/bootstrap-admin/bootstrap-admin.handler';
import { CreateChallengeHandler } from './commands/create-challenge/create-challenge.handler';
import { LoginHandler } from './commands/login/login.handler';
import { LogoutHandler } from './commands/logout/logout.handler';
import { LogoutEverywhereHandler } from './commands/logout-everywhere/logout-everywhere.handler';
import { RegisterUserHandler } from './commands/register-user/register-user.handler';
import { RequestPasswordResetHandler } from './commands/request-password-reset/request-password-reset.handler';
import { ResetPasswordHandler } from './commands/reset-password/reset-password.handler';
import { SendVerificationCodeHandler } from './commands/send-verification-code/send-verification-code.handler';
import { VerifyAccountHandler } from './commands/verify-account/verify-account.handler';
import { EmailChangeService } from './email-change/email-change.service';
import { OtpController } from './otp.controller';
import { PasswordService } from './passwords/password.service';
import { GetCurrentUserHandler } from './queries/get-current-user/get-current-user.handler';
import { ResetHandles } from './reset/reset-handles.service';
import { TelegramBindingService } from './telegram/telegram-binding.service';

/**
 * Accounts: registration, login, verification codes (email, Telegram), password reset,
 * admin login and the first administrator. Token checking itself is in auth/core.
 */
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity]), DeliveriesModule, TelegramModule, RateLimitModule],
  controllers: [AuthController, OtpController],
  providers: [
    AuthKeys,
    // The users feature's store, provided here: every module that writes accounts (users,
    // admin, seed, load-test) imports this one, and UsersModule itself imports AuthModule.
    AccountStore,
    AccountsService,
    CredentialsService,
    KnownLoginAddresses,
    PasswordService,
    ChallengeService,
    CodeSendThrottle,
    VerificationCodeService,
    ResetHandles,
    TelegramBindingService,
    AdminBootstrapService,
    EmailChangeService,
    CreateChallengeHandler,
    RegisterUserHandler,
    LoginHandler,
    AdminLoginHandler,
    AdminSessionHandler,
    VerifyAccountHandler,
    SendVerificationCodeHandler,
    RequestPasswordResetHandler,
    ResetPasswordHandler,
    LogoutHandler,
    LogoutEverywhereHandler,
    BootstrapAdminHandler,
    GetCurrentUserHandler,
  ],
  exports: [PasswordService, EmailChangeService, AccountsService, AccountStore],
})
export class AuthModule {}
