import { Query } from '@nestjs/cqrs';
import type { ContactMessage } from '@mazad/contracts';

export interface ContactMessagesPage {
  messages: ContactMessage[];
  total: number;
}

/** The contact inbox, newest first, one page at a time (optionally only handled or unhandled). */
export class ListContactMessagesQuery extends Query<ContactMessagesPage> {
  constructor(readonly params: { page: number; limit: number; handled?: boolean }) {
    super();
  }
}
