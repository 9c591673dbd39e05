import { Command } from '@nestjs/cqrs';
import type { ContactMessage, ContactRequest } from '@mazad/contracts';

/** A visitor or member writes to the operators through the contact form (rate-limited per IP). */
export class SendContactMessageCommand extends Command<ContactMessage> {
  constructor(
    readonly form: ContactRequest,
    readonly senderIp: string,
  ) {
    super();
  }
}
