import { Command } from '@nestjs/cqrs';
import type { User } from '@mazad/contracts';

/** The member confirms the new email with the code sent to it (POST /api/users/confirm-email-change). */
export class ConfirmEmailChangeCommand extends Command<User> {
  constructor(
    readonly userId: string,
    readonly code: string,
  ) {
    super();
  }
}
