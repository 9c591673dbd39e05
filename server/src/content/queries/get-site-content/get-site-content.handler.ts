import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { SiteBannerEntity } from '../../entities/site-banner.entity';
import { SiteFeatureEntity } from '../../entities/site-feature.entity';
import { DEFAULT_SITE_BANNER } from '../../../infrastructure/database/seed-data/site-content';
import { toSiteBanner, toSiteFeature } from '../../site-content.presenter';
import { GetSiteContentQuery, SiteContent } from './get-site-content.query';

/** The migration stores the defaults; a missing banner row (never expected) still answers them. */
@QueryHandler(GetSiteContentQuery)
export class GetSiteContentHandler implements IQueryHandler<GetSiteContentQuery, SiteContent> {
  constructor(
    @InjectRepository(SiteBannerEntity) private readonly banner: Repository<SiteBannerEntity>,
    @InjectRepository(SiteFeatureEntity) private readonly features: Repository<SiteFeatureEntity>,
  ) {}

  async execute(): Promise<SiteContent> {
    const [banner, features] = await Promise.all([
      this.banner.findOneBy({ singleton: true }),
      this.features.find({ order: { order: 'ASC', createdAt: 'ASC', id: 'ASC' } }),
    ]);
    return { banner: toSiteBanner(banner ?? DEFAULT_SITE_BANNER), features: features.map(toSiteFeature) };
  }
}
