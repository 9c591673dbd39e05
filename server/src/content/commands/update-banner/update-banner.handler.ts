import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Banner } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AuditLog } from '../../../audit';
import { AppException } from '../../../common/errors/app.exception';
import { bannerFields, toBanner } from '../../banner.presenter';
import { BannerEntity } from '../../entities/banner.entity';
import { UpdateBannerCommand } from './update-banner.command';

/** The change and its audit entry (the fields it changed) in one transaction, under the row's lock (R-AUDIT-LOG). */
@CommandHandler(UpdateBannerCommand)
export class UpdateBannerHandler implements ICommandHandler<UpdateBannerCommand, Banner> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ bannerId, changes, actorId }: UpdateBannerCommand): Promise<Banner> {
    const saved = await this.db.transaction(async (m) => {
      const banners = m.getRepository(BannerEntity);
      const banner = await banners.findOne({ where: { id: bannerId }, lock: { mode: 'pessimistic_write' } });
      if (!banner) throw new AppException('BANNER_NOT_FOUND');
      const before = bannerFields(banner);
      if (changes.text !== undefined) {
        banner.text = changes.text;
        banner.link = changes.link ?? null;
      } else if (changes.link !== undefined) {
        banner.link = changes.link;
      }
      if (changes.isActive !== undefined) banner.isActive = changes.isActive;
      if (changes.order !== undefined) banner.order = changes.order;
      const row = await banners.save(banner);
      await AuditLog.record(m, {
        actorId,
        action: 'banner.update',
        target: { type: 'banner', id: bannerId },
        before,
        after: bannerFields(row),
      });
      return row;
    });
    return toBanner(saved);
  }
}
