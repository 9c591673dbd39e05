import { Command } from '@nestjs/cqrs';
import type { AuthSuccess } from '@mazad/contracts';

/** Operator console login (POST /api/auth/admin-login): an admin session token. */
export class AdminLoginCommand extends Command<AuthSuccess> {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly adminPassword: string,
    readonly ip: string,
  ) {
    super();
  }
}
