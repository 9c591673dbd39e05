import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { LIMITS } from '@mazad/contracts';
import { AppException } from '../../../common/errors/app.exception';
import { Deliveries } from '../../../infrastructure/deliveries/deliveries.service';
import { TelegramService } from '../../../infrastructure/telegram/telegram.service';
import { AccountsService } from '../../accounts/accounts.service';
import { AUTH_MESSAGES, verificationMail, verificationTelegramText } from '../../auth.messages';
import { VerificationCodeService } from '../../codes/verification-code.service';
import { TelegramBindingService } from '../../telegram/telegram-binding.service';
import { CodeSentResult, SendVerificationCodeCommand } from './send-verification-code.command';

/**
 * Email: the same answer for unknown, verified and unverified accounts (only the last gets
 * a code), with the same cooldown and hourly limit, so nothing about the account leaks.
 * Telegram: needs the bot configured (503 TELEGRAM_UNAVAILABLE) and a chat bound to the
 * account's phone (400 TELEGRAM_CHAT_NOT_FOUND, also for unknown identifiers).
 */
@CommandHandler(SendVerificationCodeCommand)
export class SendVerificationCodeHandler implements ICommandHandler<SendVerificationCodeCommand> {
  constructor(
    private readonly accounts: AccountsService,
    private readonly codes: VerificationCodeService,
    private readonly deliveries: Deliveries,
    private readonly telegram: TelegramService,
    private readonly telegramBinding: TelegramBindingService,
  ) {}

  async execute({ channel, identifier }: SendVerificationCodeCommand): Promise<CodeSentResult> {
    if (channel === 'telegram') return this.viaTelegram(identifier);
    const user = await this.accounts.findByEmail(identifier);
    const pending = user && !user.isVerified ? user : null;
    await this.codes.send({
      purpose: 'verify',
      identifier,
      subject: pending?.id,
      deliver: pending
        ? (code) => this.deliveries.accountMail(verificationMail(pending.email, pending.name, code))
        : undefined,
    });
    return this.sent(AUTH_MESSAGES.emailCodeSent);
  }

  private async viaTelegram(identifier: string): Promise<CodeSentResult> {
    if (!this.telegram.configured) throw new AppException('TELEGRAM_UNAVAILABLE');
    const user = await this.accounts.findByIdentifier(identifier);
    const chatId = user ? await this.telegramBinding.chatFor(user) : null;
    if (!user || !chatId) throw new AppException('TELEGRAM_CHAT_NOT_FOUND');
    await this.codes.send({
      purpose: 'verify',
      identifier,
      subject: user.isVerified ? null : user.id,
      deliver: (code) => this.deliveries.accountTelegram(chatId, verificationTelegramText(code)),
    });
    return this.sent(AUTH_MESSAGES.telegramCodeSent);
  }

  private sent(message: string): CodeSentResult {
    return {
      success: true,
      message,
      expiresInSeconds: LIMITS.otpTtlSeconds,
      resendAfterSeconds: LIMITS.otpResendCooldownSeconds,
    };
  }
}
