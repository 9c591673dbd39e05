import { Command } from '@nestjs/cqrs';
import type { NotificationsReadResult } from '@mazad/contracts';

/** Marks one of the member's notices read, or all of them (`notificationId` null). */
export class MarkReadCommand extends Command<NotificationsReadResult> {
  constructor(
    readonly userId: string,
    readonly notificationId: string | null,
  ) {
    super();
  }
}
