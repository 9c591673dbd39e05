import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { MessageResult } from '@mazad/contracts';
import { AccountStore } from '../../../users';
import { AUTH_MESSAGES } from '../../auth.messages';
import { TokenService } from '../../core/token.service';
import { LogoutEverywhereCommand } from './logout-everywhere.command';

@CommandHandler(LogoutEverywhereCommand)
export class LogoutEverywhereHandler implements ICommandHandler<LogoutEverywhereCommand> {
  constructor(
    private readonly store: AccountStore,
    private readonly tokens: TokenService,
  ) {}

  async execute({ userId }: LogoutEverywhereCommand): Promise<MessageResult> {
    await this.store.endSessions(userId);
    this.tokens.sessionsEnded(userId);
    return { success: true, message: AUTH_MESSAGES.loggedOutEverywhere };
  }
}
