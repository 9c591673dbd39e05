import { Query } from '@nestjs/cqrs';
import type { Conversation } from '@mazad/contracts';

/** The caller's conversations: one per sold auction they sold or won, latest activity first. */
export class GetConversationsQuery extends Query<Conversation[]> {
  constructor(readonly userId: string) {
    super();
  }
}
