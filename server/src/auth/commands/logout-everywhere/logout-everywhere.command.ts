import { Command } from '@nestjs/cqrs';
import type { MessageResult } from '@mazad/contracts';

/** Retires every token of the member (POST /api/auth/logout-all). */
export class LogoutEverywhereCommand extends Command<MessageResult> {
  constructor(readonly userId: string) {
    super();
  }
}
