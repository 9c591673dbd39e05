import { Command } from '@nestjs/cqrs';
import type { ContactMessage } from '@mazad/contracts';

/** An operator marks a contact message handled (or back to unhandled). */
export class UpdateContactMessageCommand extends Command<ContactMessage> {
  constructor(
    readonly id: string,
    readonly handled: boolean,
    /** The operator (R-AUDIT-LOG). */
    readonly actorId: string,
  ) {
    super();
  }
}
