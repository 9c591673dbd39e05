import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { MessageResult } from '@mazad/contracts';
import { AccountsService } from '../../accounts/accounts.service';
import { AUTH_MESSAGES } from '../../auth.messages';
import { TokenService } from '../../core/token.service';
import { LogoutEverywhereCommand } from './logout-everywhere.command';

@CommandHandler(LogoutEverywhereCommand)
export class LogoutEverywhereHandler implements ICommandHandler<LogoutEverywhereCommand> {
  constructor(
    private readonly accounts: AccountsService,
    private readonly tokens: TokenService,
  ) {}

  async execute({ userId }: LogoutEverywhereCommand): Promise<MessageResult> {
    await this.accounts.bumpTokenVersion(userId);
    this.tokens.sessionsEnded(userId);
    return { success: true, message: AUTH_MESSAGES.loggedOutEverywhere };
  }
}
