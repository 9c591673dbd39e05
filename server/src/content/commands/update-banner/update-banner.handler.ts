import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import type { Banner } from '@mazad/contracts';
import { Repository } from 'typeorm';
import { AppException } from '../../../common/errors/app.exception';
import { toBanner } from '../../banner.presenter';
import { BannerEntity } from '../../entities/banner.entity';
import { UpdateBannerCommand } from './update-banner.command';

@CommandHandler(UpdateBannerCommand)
export class UpdateBannerHandler implements ICommandHandler<UpdateBannerCommand, Banner> {
  constructor(@InjectRepository(BannerEntity) private readonly banners: Repository<BannerEntity>) {}

  async execute({ bannerId, changes }: UpdateBannerCommand): Promise<Banner> {
    const banner = await this.banners.findOneBy({ id: bannerId });
    if (!banner) throw new AppException('BANNER_NOT_FOUND');
    if (changes.text !== undefined) {
      banner.text = changes.text;
      banner.link = changes.link ?? null;
    } else if (changes.link !== undefined) {
      banner.link = changes.link;
    }
    if (changes.isActive !== undefined) banner.isActive = changes.isActive;
    if (changes.order !== undefined) banner.order = changes.order;
    return toBanner(await this.banners.save(banner));
  }
}
