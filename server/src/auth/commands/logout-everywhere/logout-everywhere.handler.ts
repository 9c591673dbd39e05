import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { MessageResult } from '@mazad/contracts';
import { AccountsService } from '../../accounts/accounts.service';
import { AUTH_MESSAGES } from '../../auth.messages';
import { LogoutEverywhereCommand } from './logout-everywhere.command';

@CommandHandler(LogoutEverywhereCommand)
export class LogoutEverywhereHandler implements ICommandHandler<LogoutEverywhereCommand> {
  constructor(private readonly accounts: AccountsService) {}

  async execute({ userId }: LogoutEverywhereCommand): Promise<MessageResult> {
    await this.accounts.bumpTokenVersion(userId);
    return { success: true, message: AUTH_MESSAGES.loggedOutEverywhere };
  }
}
