import { Command } from '@nestjs/cqrs';
import type { OtpChannel } from '../../dto/verification.dto';

export interface CodeSentResult {
  success: true;
  message: string;
  expiresInSeconds: number;
  resendAfterSeconds: number;
}

/** Sends an account-verification code by email or Telegram (POST /api/otp/send-*-otp). */
export class SendVerificationCodeCommand extends Command<CodeSentResult> {
  constructor(
    readonly channel: OtpChannel,
    readonly identifier: string,
  ) {
    super();
  }
}
