import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SiteFeature } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AuditLog } from '../../../audit';
import { AppException } from '../../../common/errors/app.exception';
import { SiteFeatureEntity } from '../../entities/site-feature.entity';
import { siteFeatureFields, toSiteFeature } from '../../site-content.presenter';
import { UpdateSiteFeatureCommand } from './update-site-feature.command';

/** The change and its audit entry in one transaction, under the row's lock (R-AUDIT-LOG). */
@CommandHandler(UpdateSiteFeatureCommand)
export class UpdateSiteFeatureHandler implements ICommandHandler<UpdateSiteFeatureCommand, SiteFeature> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ featureId, feature, actorId }: UpdateSiteFeatureCommand): Promise<SiteFeature> {
    const saved = await this.db.transaction(async (m) => {
      const features = m.getRepository(SiteFeatureEntity);
      const row = await features.findOne({ where: { id: featureId }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new AppException('FEATURE_NOT_FOUND');
      const before = siteFeatureFields(row);
      Object.assign(row, { icon: feature.icon, title: feature.title, description: feature.description });
      const changed = await features.save(row);
      await AuditLog.record(m, {
        actorId,
        action: 'site_feature.update',
        target: { type: 'site_feature', id: featureId },
        before,
        after: siteFeatureFields(changed),
      });
      return changed;
    });
    return toSiteFeature(saved);
  }
}
