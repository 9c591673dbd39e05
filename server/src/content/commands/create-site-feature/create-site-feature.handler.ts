import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SiteFeature } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AuditLog } from '../../../audit';
import { SiteFeatureEntity } from '../../entities/site-feature.entity';
import { siteFeatureFields, toSiteFeature } from '../../site-content.presenter';
import { CreateSiteFeatureCommand } from './create-site-feature.command';

/** The card and its audit entry in one transaction (R-AUDIT-LOG). */
@CommandHandler(CreateSiteFeatureCommand)
export class CreateSiteFeatureHandler implements ICommandHandler<CreateSiteFeatureCommand, SiteFeature> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ feature, actorId }: CreateSiteFeatureCommand): Promise<SiteFeature> {
    const saved = await this.db.transaction(async (m) => {
      const [row] = await m.query(
        `INSERT INTO site_features (icon, title, description, "order")
         VALUES ($1, $2, $3, (SELECT COALESCE(max("order") + 1, 0) FROM site_features))
         RETURNING id`,
        [feature.icon, feature.title, feature.description],
      );
      const created = await m.getRepository(SiteFeatureEntity).findOneByOrFail({ id: row.id });
      await AuditLog.record(m, {
        actorId,
        action: 'site_feature.create',
        target: { type: 'site_feature', id: created.id },
        after: siteFeatureFields(created),
      });
      return created;
    });
    return toSiteFeature(saved);
  }
}
