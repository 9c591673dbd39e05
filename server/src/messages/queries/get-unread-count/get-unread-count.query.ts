import { Query } from '@nestjs/cqrs';

/** How many messages to the caller are unread (across the conversations they can open). */
export class GetUnreadCountQuery extends Query<number> {
  constructor(readonly userId: string) {
    super();
  }
}
