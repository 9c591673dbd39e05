import { Query } from '@nestjs/cqrs';
import type { NotificationsResult } from '@mazad/contracts';

/** A member's notices, newest first, one page. */
export class GetNotificationsQuery extends Query<NotificationsResult> {
  constructor(
    readonly userId: string,
    readonly page: number,
    readonly limit: number,
  ) {
    super();
  }
}
