import { Command } from '@nestjs/cqrs';
import type { AuthSuccess } from '@mazad/contracts';
import type { AuthUser } from '../../core/auth-user';

/**
 * The console's sign-in for an admin already signed in on the site (POST /api/auth/admin-session):
 * the member's token and the panel password give an admin session token.
 */
export class AdminSessionCommand extends Command<AuthSuccess> {
  constructor(
    readonly user: AuthUser,
    readonly adminPassword: string,
    readonly ip: string,
  ) {
    super();
  }
}
