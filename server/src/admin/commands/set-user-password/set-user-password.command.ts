import { Command } from '@nestjs/cqrs';

/** An admin sets a member's password: every token of that member stops working. */
export class SetUserPasswordCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly newPassword: string,
    /** The operator (R-AUDIT-LOG). */
    readonly actorId: string,
  ) {
    super();
  }
}
