import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { jordanMobile, type User } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AppException } from '../../../common/errors/app.exception';
import { UserEntity } from '../../entities/user.entity';
import { AccountStore } from '../../store/account-store';
import { toUser } from '../../user.presenter';
import { UpdateProfileCommand } from './update-profile.command';

/**
 * Only the owner edits a profile (R-PROFILE-OWNER); admins manage accounts through the admin API instead.
 */
@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand, User> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly store: AccountStore,
  ) {}

  async execute({ actor, userId, changes }: UpdateProfileCommand): Promise<User> {
    if (actor.id !== userId) throw new AppException('NOT_PROFILE_OWNER');
    const name = changes.name.trim();
    const phone = changes.phone.trim();
    const location = changes.location.trim();

    return this.db.transaction(async (m) => {
      const repo = m.getRepository(UserEntity);
      const user = await repo.findOne({ where: { id: userId }, lock: { mode: 'pessimistic_write' } });
      if (!user) throw new AppException('USER_NOT_FOUND');
      // Telegram codes go to the chat that shared the account's phone number: a new number
      // means that link no longer proves anything, so it must be made again. A number stored in
      // another spelling (before R-NUMBER-INPUT) is the same number.
      const phoneChanged = (jordanMobile(user.phone) ?? user.phone) !== phone;
      await this.store.updateProfile(m, userId, { name, phone, location }, phoneChanged);
      return toUser(await repo.findOneByOrFail({ id: userId }));
    });
  }
}
