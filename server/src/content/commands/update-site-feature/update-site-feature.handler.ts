import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import type { SiteFeature } from '@mazad/contracts';
import { Repository } from 'typeorm';
import { AppException } from '../../../common/errors/app.exception';
import { SiteFeatureEntity } from '../../entities/site-feature.entity';
import { toSiteFeature } from '../../site-content.presenter';
import { UpdateSiteFeatureCommand } from './update-site-feature.command';

@CommandHandler(UpdateSiteFeatureCommand)
export class UpdateSiteFeatureHandler implements ICommandHandler<UpdateSiteFeatureCommand, SiteFeature> {
  constructor(@InjectRepository(SiteFeatureEntity) private readonly features: Repository<SiteFeatureEntity>) {}

  async execute({ featureId, feature }: UpdateSiteFeatureCommand): Promise<SiteFeature> {
    const row = await this.features.findOneBy({ id: featureId });
    if (!row) throw new AppException('FEATURE_NOT_FOUND');
    Object.assign(row, { icon: feature.icon, title: feature.title, description: feature.description });
    return toSiteFeature(await this.features.save(row));
  }
}
