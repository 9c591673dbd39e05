import { Command } from '@nestjs/cqrs';
import type { AuthSuccess, VerificationRequired } from '@mazad/contracts';

/** Member login (POST /api/auth/login): a token, or "verify first" for unverified accounts. */
export class LoginCommand extends Command<AuthSuccess | VerificationRequired> {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly ip: string,
  ) {
    super();
  }
}
