import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import type { Banner } from '@mazad/contracts';
import { Repository } from 'typeorm';
import { toBanner } from '../../banner.presenter';
import { BannerEntity } from '../../entities/banner.entity';
import { CreateBannerCommand } from './create-banner.command';

@CommandHandler(CreateBannerCommand)
export class CreateBannerHandler implements ICommandHandler<CreateBannerCommand, Banner> {
  constructor(@InjectRepository(BannerEntity) private readonly banners: Repository<BannerEntity>) {}

  async execute({ banner }: CreateBannerCommand): Promise<Banner> {
    const saved = await this.banners.save(
      this.banners.create({
        text: banner.text,
        link: banner.link ?? null,
        isActive: banner.isActive ?? true,
        order: banner.order ?? 0,
      }),
    );
    return toBanner(saved);
  }
}
