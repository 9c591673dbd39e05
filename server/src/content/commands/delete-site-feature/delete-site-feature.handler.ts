import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditLog } from '../../../audit';
import { AppException } from '../../../common/errors/app.exception';
import { SiteFeatureEntity } from '../../entities/site-feature.entity';
import { siteFeatureFields } from '../../site-content.presenter';
import { DeleteSiteFeatureCommand } from './delete-site-feature.command';

/** The delete and its audit entry (what the card was) in one transaction (R-AUDIT-LOG). */
@CommandHandler(DeleteSiteFeatureCommand)
export class DeleteSiteFeatureHandler implements ICommandHandler<DeleteSiteFeatureCommand, void> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ featureId, actorId }: DeleteSiteFeatureCommand): Promise<void> {
    await this.db.transaction(async (m) => {
      const features = m.getRepository(SiteFeatureEntity);
      const row = await features.findOne({ where: { id: featureId }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new AppException('FEATURE_NOT_FOUND');
      await features.delete({ id: featureId });
      await AuditLog.record(m, {
        actorId,
        action: 'site_feature.delete',
        target: { type: 'site_feature', id: featureId },
        before: siteFeatureFields(row),
        after: null,
      });
    });
  }
}
