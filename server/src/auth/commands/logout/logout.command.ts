import { Command } from '@nestjs/cqrs';
import type { MessageResult } from '@mazad/contracts';
import type { AuthUser } from '../../core/auth-user';

/** Ends the caller's session: the token it came with stops working (POST /api/auth/logout). */
export class LogoutCommand extends Command<MessageResult> {
  constructor(readonly user: AuthUser) {
    super();
  }
}
