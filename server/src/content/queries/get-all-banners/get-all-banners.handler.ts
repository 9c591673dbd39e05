import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import type { Banner } from '@mazad/contracts';
import { Repository } from 'typeorm';
import { toBanner } from '../../banner.presenter';
import { BannerEntity } from '../../entities/banner.entity';
import { GetAllBannersQuery } from './get-all-banners.query';

@QueryHandler(GetAllBannersQuery)
export class GetAllBannersHandler implements IQueryHandler<GetAllBannersQuery, Banner[]> {
  constructor(@InjectRepository(BannerEntity) private readonly banners: Repository<BannerEntity>) {}

  async execute(): Promise<Banner[]> {
    const rows = await this.banners.find({ order: { order: 'ASC', createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toBanner);
  }
}
