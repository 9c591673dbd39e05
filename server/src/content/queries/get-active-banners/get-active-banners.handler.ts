import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import type { Banner } from '@mazad/contracts';
import { Repository } from 'typeorm';
import { toBanner } from '../../banner.presenter';
import { BannerEntity } from '../../entities/banner.entity';
import { GetActiveBannersQuery } from './get-active-banners.query';

@QueryHandler(GetActiveBannersQuery)
export class GetActiveBannersHandler implements IQueryHandler<GetActiveBannersQuery, Banner[]> {
  constructor(@InjectRepository(BannerEntity) private readonly banners: Repository<BannerEntity>) {}

  async execute(): Promise<Banner[]> {
    const rows = await this.banners.find({
      where: { isActive: true },
      order: { order: 'ASC', createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map(toBanner);
  }
}
