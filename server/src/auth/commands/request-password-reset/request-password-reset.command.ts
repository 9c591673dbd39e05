import { Command } from '@nestjs/cqrs';
import type { ForgotPasswordResult } from '@mazad/contracts';

/** Forgot-password (POST /api/auth/forgot-password): emails a reset code when the account exists. */
export class RequestPasswordResetCommand extends Command<ForgotPasswordResult> {
  constructor(
    readonly email: string,
    readonly ip: string,
  ) {
    super();
  }
}
