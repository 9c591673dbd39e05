import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppException } from '../../../common/errors/app.exception';
import { BannerEntity } from '../../entities/banner.entity';
import { DeleteBannerCommand } from './delete-banner.command';

@CommandHandler(DeleteBannerCommand)
export class DeleteBannerHandler implements ICommandHandler<DeleteBannerCommand, void> {
  constructor(@InjectRepository(BannerEntity) private readonly banners: Repository<BannerEntity>) {}

  async execute({ bannerId }: DeleteBannerCommand): Promise<void> {
    const { affected } = await this.banners.delete({ id: bannerId });
    if (!affected) throw new AppException('BANNER_NOT_FOUND');
  }
}
