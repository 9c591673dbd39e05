import { Command } from '@nestjs/cqrs';

/** An operator deletes a contact message for good. */
export class DeleteContactMessageCommand extends Command<void> {
  constructor(
    readonly id: string,
    /** The operator (R-AUDIT-LOG). */
    readonly actorId: string,
  ) {
    super();
  }
}
