import { Body, Controller, Get, HttpCode, HttpStatus, Ip, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AvailableServices } from '@mazad/contracts';
import { TelegramService } from '../infrastructure/telegram/telegram.service';
import { ApiErrors, type ErrorDoc } from '../common/errors/api-error.dto';
import { SendVerificationCodeCommand } from './commands/send-verification-code/send-verification-code.command';
import { VerifyAccountCommand } from './commands/verify-account/verify-account.command';
import { AuthSuccessView, AvailableServicesView, CodeSentView } from './dto/responses.dto';
import { SendEmailCodeDto, SendTelegramCodeDto, VerifyOtpDto } from './dto/verification.dto';

const SEND_ERRORS: ErrorDoc[] = [
  'VALIDATION_ERROR',
  'OTP_COOLDOWN (60 s, Retry-After)',
  'OTP_SEND_LIMIT (10 per hour)',
  'OTP_SEND_FAILED',
];

@ApiTags('otp')
@Controller('otp')
export class OtpController {
  constructor(
    private readonly commands: CommandBus,
    private readonly telegram: TelegramService,
  ) {}

  @Get('available-services')
  @ApiOperation({ summary: 'Which channels can deliver verification codes' })
  @ApiOkResponse({ type: AvailableServicesView })
  availableServices(): AvailableServices {
    return { success: true, services: { email: true, telegram: this.telegram.configured } };
  }

  @Post('send-email-otp')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Email a verification code; the same answer for unknown or verified accounts (nothing sent)',
  })
  @ApiOkResponse({ type: CodeSentView })
  @ApiErrors(...SEND_ERRORS)
  sendEmail(@Body() body: SendEmailCodeDto) {
    return this.commands.execute(new SendVerificationCodeCommand('email', body.identifier));
  }

  @Post('send-telegram-otp')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Send a verification code through the Telegram bot (chat bound by the shared contact)' })
  @ApiOkResponse({ type: CodeSentView })
  @ApiErrors(...SEND_ERRORS, 'TELEGRAM_CHAT_NOT_FOUND', 'TELEGRAM_UNAVAILABLE')
  sendTelegram(@Body() body: SendTelegramCodeDto) {
    return this.commands.execute(new SendVerificationCodeCommand('telegram', body.identifier));
  }

  @Post('verify-otp')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Verify the account with its code (any channel); signs in' })
  @ApiOkResponse({ type: AuthSuccessView })
  @ApiErrors(
    'VALIDATION_ERROR',
    'OTP_REJECTED (wrong, expired, burnt or no code, unknown account: one answer)',
    'RATE_LIMITED (30 failed checks / 15 min per IP, 10 per identifier)',
  )
  verify(@Body() body: VerifyOtpDto, @Ip() ip: string) {
    return this.commands.execute(new VerifyAccountCommand({ identifier: body.identifier }, body.otp, ip));
  }
}
