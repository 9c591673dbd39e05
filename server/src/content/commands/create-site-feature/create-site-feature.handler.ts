import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SiteFeature } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { SiteFeatureEntity } from '../../entities/site-feature.entity';
import { toSiteFeature } from '../../site-content.presenter';
import { CreateSiteFeatureCommand } from './create-site-feature.command';

@CommandHandler(CreateSiteFeatureCommand)
export class CreateSiteFeatureHandler implements ICommandHandler<CreateSiteFeatureCommand, SiteFeature> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ feature }: CreateSiteFeatureCommand): Promise<SiteFeature> {
    const [row] = await this.db.query(
      `INSERT INTO site_features (icon, title, description, "order")
       VALUES ($1, $2, $3, (SELECT COALESCE(max("order") + 1, 0) FROM site_features))
       RETURNING id`,
      [feature.icon, feature.title, feature.description],
    );
    return toSiteFeature(await this.db.getRepository(SiteFeatureEntity).findOneByOrFail({ id: row.id }));
  }
}
