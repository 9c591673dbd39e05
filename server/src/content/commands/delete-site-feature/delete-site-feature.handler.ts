import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppException } from '../../../common/errors/app.exception';
import { SiteFeatureEntity } from '../../entities/site-feature.entity';
import { DeleteSiteFeatureCommand } from './delete-site-feature.command';

@CommandHandler(DeleteSiteFeatureCommand)
export class DeleteSiteFeatureHandler implements ICommandHandler<DeleteSiteFeatureCommand, void> {
  constructor(@InjectRepository(SiteFeatureEntity) private readonly features: Repository<SiteFeatureEntity>) {}

  async execute({ featureId }: DeleteSiteFeatureCommand): Promise<void> {
    const { affected } = await this.features.delete({ id: featureId });
    if (!affected) throw new AppException('FEATURE_NOT_FOUND');
  }
}
