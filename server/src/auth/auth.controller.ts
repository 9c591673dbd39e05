import { Body, Controller, Get, HttpCode, HttpStatus, Ip, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { ApiErrors } from '../common/errors/api-error.dto';
import { AdminLoginCommand } from './commands/admin-login/admin-login.command';
import { AdminSessionCommand } from './commands/admin-session/admin-session.command';
import { CreateChallengeCommand } from './commands/create-challenge/create-challenge.command';
import { LoginCommand } from './commands/login/login.command';
import { LogoutCommand } from './commands/logout/logout.command';
import { LogoutEverywhereCommand } from './commands/logout-everywhere/logout-everywhere.command';
import { RegisterUserCommand } from './commands/register-user/register-user.command';
import { RequestPasswordResetCommand } from './commands/request-password-reset/request-password-reset.command';
import { ResetPasswordCommand } from './commands/reset-password/reset-password.command';
import { VerifyAccountCommand } from './commands/verify-account/verify-account.command';
import type { AuthUser } from './core/auth-user';
import { CurrentUser } from './core/current-user.decorator';
import { JwtAuthGuard } from './core/guards';
import { AdminLoginDto, AdminSessionDto, LoginDto } from './dto/login.dto';
import { ForgotPasswordDto, ResetPasswordDto } from './dto/password-reset.dto';
import { RegisterDto } from './dto/register.dto';
import {
  AuthSuccessView,
  ChallengeView,
  CurrentUserView,
  ForgotPasswordView,
  MessageView,
  RegisterView,
  VerificationRequiredView,
} from './dto/responses.dto';
import { VerifyAccountDto } from './dto/verification.dto';
import { GetCurrentUserQuery } from './queries/get-current-user/get-current-user.query';
import { RateLimit } from '../infrastructure/rate-limit/rate-limit.guard';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('challenge')
  @RateLimit({ policy: 'challenges-ip', by: 'ip' })
  @ApiOperation({ summary: 'Anti-bot arithmetic challenge for registration (single use, 10 minutes)' })
  @ApiOkResponse({ type: ChallengeView })
  challenge() {
    return this.commands.execute(new CreateChallengeCommand());
  }

  @Post('register')
  @ApiOperation({ summary: 'Create an account (unverified, no token); 100 per hour per IP' })
  @ApiCreatedResponse({ type: RegisterView })
  @ApiErrors(
    'VALIDATION_ERROR',
    'UNKNOWN_FIELD',
    'CHALLENGE_INVALID',
    'EMAIL_TAKEN (redirectToReset: true)',
    'REGISTER_RATE_LIMITED',
  )
  register(@Body() body: RegisterDto, @Ip() ip: string) {
    return this.commands.execute(new RegisterUserCommand(body, ip));
  }

  @Post('login')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Log in: a token, or requiresVerification for an unverified account' })
  @ApiExtraModels(AuthSuccessView, VerificationRequiredView)
  @ApiOkResponse({
    schema: { oneOf: [{ $ref: getSchemaPath(AuthSuccessView) }, { $ref: getSchemaPath(VerificationRequiredView) }] },
  })
  @ApiErrors(
    'VALIDATION_ERROR',
    'INVALID_CREDENTIALS',
    'LOGIN_RATE_LIMITED (10 failures / 15 min per email and per IP)',
  )
  login(@Body() body: LoginDto, @Ip() ip: string) {
    return this.commands.execute(new LoginCommand(body.email, body.password, ip));
  }

  @Get('me')
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The signed-in member' })
  @ApiOkResponse({ type: CurrentUserView })
  @ApiErrors('UNAUTHORIZED', 'TOKEN_INVALID')
  me(@CurrentUser() user: AuthUser) {
    return this.queries.execute(new GetCurrentUserQuery(user.id));
  }

  @Post('verify')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Verify the account with the 6-digit code sent to it (by id); signs in' })
  @ApiOkResponse({ type: AuthSuccessView })
  @ApiErrors(
    'VALIDATION_ERROR',
    'OTP_REJECTED (wrong, expired, burnt or no code, unknown account: one answer)',
    'RATE_LIMITED (30 failed checks / 15 min per IP, 10 per identifier)',
  )
  verify(@Body() body: VerifyAccountDto, @Ip() ip: string) {
    return this.commands.execute(new VerifyAccountCommand({ userId: body.userId }, body.verificationCode, ip));
  }

  @Post('forgot-password')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Email a reset code; the same answer whether or not the email exists' })
  @ApiOkResponse({ type: ForgotPasswordView })
  @ApiErrors('VALIDATION_ERROR', 'RESET_RATE_LIMITED')
  forgotPassword(@Body() body: ForgotPasswordDto, @Ip() ip: string) {
    return this.commands.execute(new RequestPasswordResetCommand(body.email, ip));
  }

  @Post('reset-password')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'New password with the emailed code; retires every older token' })
  @ApiOkResponse({ type: MessageView })
  @ApiErrors('VALIDATION_ERROR', 'OTP_INVALID', 'OTP_TOO_MANY_ATTEMPTS', 'OTP_EXPIRED', 'RESET_RATE_LIMITED')
  resetPassword(@Body() body: ResetPasswordDto, @Ip() ip: string) {
    return this.commands.execute(new ResetPasswordCommand(body.userId, body.verificationAnswer, body.password, ip));
  }

  @Post('admin-login')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Operator console login (also needs ADMIN_PANEL_PASSWORD); an admin-session token' })
  @ApiOkResponse({ type: AuthSuccessView })
  @ApiErrors('ADMIN_LOGIN_FAILED', 'ADMIN_LOGIN_DISABLED', 'LOGIN_RATE_LIMITED')
  adminLogin(@Body() body: AdminLoginDto, @Ip() ip: string) {
    return this.commands.execute(new AdminLoginCommand(body.email, body.password, body.adminPassword, ip));
  }

  @Post('admin-session')
  @HttpCode(HttpStatus.OK)
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Operator console for an admin signed in on the site: the member token and the panel password',
    description:
      'The same checks and failed-login limits as admin-login, without asking for the e-mail and password again.',
  })
  @ApiOkResponse({ type: AuthSuccessView })
  @ApiErrors('UNAUTHORIZED', 'TOKEN_INVALID', 'ADMIN_LOGIN_FAILED', 'ADMIN_LOGIN_DISABLED', 'LOGIN_RATE_LIMITED')
  adminSession(@CurrentUser() user: AuthUser, @Body() body: AdminSessionDto, @Ip() ip: string) {
    return this.commands.execute(new AdminSessionCommand(user, body.adminPassword, ip));
  }

  @Post('logout')
  @HttpCode(HttpStatus.OK)
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Log out: this token stops working at once (other sessions stay)' })
  @ApiOkResponse({ type: MessageView })
  @ApiErrors('UNAUTHORIZED', 'TOKEN_INVALID')
  logout(@CurrentUser() user: AuthUser) {
    return this.commands.execute(new LogoutCommand(user));
  }

  @Post('logout-all')
  @HttpCode(HttpStatus.OK)
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Log out everywhere: every token of the account stops working' })
  @ApiOkResponse({ type: MessageView })
  @ApiErrors('UNAUTHORIZED', 'TOKEN_INVALID')
  logoutAll(@CurrentUser() user: AuthUser) {
    return this.commands.execute(new LogoutEverywhereCommand(user.id));
  }
}
