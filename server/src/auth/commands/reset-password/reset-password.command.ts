import { Command } from '@nestjs/cqrs';
import type { MessageResult } from '@mazad/contracts';

/** Sets a new password with the emailed reset code (POST /api/auth/reset-password). */
export class ResetPasswordCommand extends Command<MessageResult> {
  constructor(
    readonly handle: string,
    readonly code: string,
    readonly password: string,
    readonly ip: string,
  ) {
    super();
  }
}
