import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SiteBanner } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AuditLog } from '../../../audit';
import { toSiteBanner } from '../../site-content.presenter';
import { UpdateSiteBannerCommand } from './update-site-banner.command';

/** One upsert of the single banner row, with its audit entry in the same transaction (R-AUDIT-LOG). */
@CommandHandler(UpdateSiteBannerCommand)
export class UpdateSiteBannerHandler implements ICommandHandler<UpdateSiteBannerCommand, SiteBanner> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ banner, actorId }: UpdateSiteBannerCommand): Promise<SiteBanner> {
    return this.db.transaction(async (m) => {
      const [old]: SiteBanner[] = await m.query(`SELECT title, subtitle, description FROM site_banner FOR UPDATE`);
      const [row] = await m.query(
        `INSERT INTO site_banner (singleton, title, subtitle, description) VALUES (true, $1, $2, $3)
         ON CONFLICT (singleton) DO UPDATE
           SET title = EXCLUDED.title, subtitle = EXCLUDED.subtitle, description = EXCLUDED.description, updated_at = now()
         RETURNING title, subtitle, description`,
        [banner.title, banner.subtitle, banner.description],
      );
      const after = toSiteBanner(row);
      await AuditLog.record(m, {
        actorId,
        action: 'site_banner.update',
        target: { type: 'site_banner', id: null },
        before: old ? toSiteBanner(old) : null,
        after,
      });
      return after;
    });
  }
}
