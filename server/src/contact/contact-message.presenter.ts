import type { ContactMessage } from '@mazad/contracts';
import { ContactMessageEntity } from './entities/contact-message.entity';

/** The wire shape of a stored contact message (ids as `_id` and `id`, ISO dates). */
export function toContactMessage(row: ContactMessageEntity): ContactMessage {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    handled: row.handled,
    createdAt: row.createdAt.toISOString(),
  };
}
