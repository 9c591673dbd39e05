import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { User } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AppException } from '../../../common/errors/app.exception';
import { IMAGE_PRESETS, ImageStorageService } from '../../../infrastructure/storage/image-storage.service';
import { UserEntity } from '../../entities/user.entity';
import { AccountStore } from '../../store/account-store';
import { toUser } from '../../user.presenter';
import { UpdateProfileImageCommand } from './update-profile-image.command';

/**
 * Stores the new avatar (decoded, auto-rotated, at most 512 × 512, WebP without metadata),
 * points the profile at it, then deletes the previous file. The swap happens under a row
 * lock, so two uploads at once cannot both keep (or both delete) the same old file.
 */
@CommandHandler(UpdateProfileImageCommand)
export class UpdateProfileImageHandler implements ICommandHandler<UpdateProfileImageCommand, User> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: ImageStorageService,
    private readonly store: AccountStore,
  ) {}

  async execute({ userId, image }: UpdateProfileImageCommand): Promise<User> {
    if (!image || image.length === 0) throw new AppException('IMAGE_REQUIRED');
    const stored = await this.storage.storeImage(image, IMAGE_PRESETS.avatar);
    let previous: string | null = null;
    let user: UserEntity;
    try {
      user = await this.db.transaction(async (m) => {
        const repo = m.getRepository(UserEntity);
        const current = await repo.findOne({ where: { id: userId }, lock: { mode: 'pessimistic_write' } });
        if (!current) throw new AppException('USER_NOT_FOUND');
        previous = current.profileImage;
        await this.store.setProfileImage(m, userId, stored.url);
        return repo.findOneByOrFail({ id: userId });
      });
    } catch (err) {
      await this.storage.remove(stored.url);
      throw err;
    }
    if (previous && previous !== stored.url) await this.storage.remove(previous);
    return toUser(user);
  }
}
