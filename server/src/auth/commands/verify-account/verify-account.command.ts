import { Command } from '@nestjs/cqrs';
import type { AuthSuccess } from '@mazad/contracts';

/** Which account: by id (POST /auth/verify) or by email / phone (POST /otp/verify-otp). */
export type AccountRef = { userId: string } | { identifier: string };

/** Verifies an account with the 6-digit code sent to it; signs the member in. */
export class VerifyAccountCommand extends Command<AuthSuccess> {
  constructor(
    readonly account: AccountRef,
    readonly code: string,
    readonly ip: string,
  ) {
    super();
  }
}
