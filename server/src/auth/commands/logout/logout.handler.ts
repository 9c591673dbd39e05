import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { MessageResult } from '@mazad/contracts';
import { AUTH_MESSAGES } from '../../auth.messages';
import { TokenService } from '../../core/token.service';
import { LogoutCommand } from './logout.command';

/**
 * The token goes on the deny list until its own expiry (every replica refuses it at once)
 * and the sockets opened with it are closed. The member's other sessions stay.
 */
@CommandHandler(LogoutCommand)
export class LogoutHandler implements ICommandHandler<LogoutCommand> {
  constructor(private readonly tokens: TokenService) {}

  async execute({ user }: LogoutCommand): Promise<MessageResult> {
    await this.tokens.revoke(user);
    return { success: true, message: AUTH_MESSAGES.loggedOut };
  }
}
