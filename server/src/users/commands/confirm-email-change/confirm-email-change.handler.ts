import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { User } from '@mazad/contracts';
import { EmailChangeService } from '../../../auth';
import { toUser } from '../../user.presenter';
import { ConfirmEmailChangeCommand } from './confirm-email-change.command';

/** The code rules are those of every code (5 tries, 10 minutes); the old address is told. */
@CommandHandler(ConfirmEmailChangeCommand)
export class ConfirmEmailChangeHandler implements ICommandHandler<ConfirmEmailChangeCommand> {
  constructor(private readonly emailChange: EmailChangeService) {}

  async execute({ userId, code }: ConfirmEmailChangeCommand): Promise<User> {
    return toUser(await this.emailChange.confirm(userId, code));
  }
}
