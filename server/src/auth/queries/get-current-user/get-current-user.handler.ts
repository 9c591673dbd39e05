import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { User } from '@mazad/contracts';
import { AppException } from '../../../common/errors/app.exception';
import { toUser } from '../../../users';
import { AccountsService } from '../../accounts/accounts.service';
import { GetCurrentUserQuery } from './get-current-user.query';

@QueryHandler(GetCurrentUserQuery)
export class GetCurrentUserHandler implements IQueryHandler<GetCurrentUserQuery> {
  constructor(private readonly accounts: AccountsService) {}

  async execute({ userId }: GetCurrentUserQuery): Promise<{ success: true; user: User }> {
    const user = await this.accounts.findById(userId);
    if (!user) throw new AppException('TOKEN_INVALID');
    return { success: true, user: toUser(user) };
  }
}
