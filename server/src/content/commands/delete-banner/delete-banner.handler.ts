import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditLog } from '../../../audit';
import { AppException } from '../../../common/errors/app.exception';
import { bannerFields } from '../../banner.presenter';
import { BannerEntity } from '../../entities/banner.entity';
import { DeleteBannerCommand } from './delete-banner.command';

/** The delete and its audit entry (what the banner was) in one transaction (R-AUDIT-LOG). */
@CommandHandler(DeleteBannerCommand)
export class DeleteBannerHandler implements ICommandHandler<DeleteBannerCommand, void> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ bannerId, actorId }: DeleteBannerCommand): Promise<void> {
    await this.db.transaction(async (m) => {
      const banners = m.getRepository(BannerEntity);
      const banner = await banners.findOne({ where: { id: bannerId }, lock: { mode: 'pessimistic_write' } });
      if (!banner) throw new AppException('BANNER_NOT_FOUND');
      await banners.delete({ id: bannerId });
      await AuditLog.record(m, {
        actorId,
        action: 'banner.delete',
        target: { type: 'banner', id: bannerId },
        before: bannerFields(banner),
        after: null,
      });
    });
  }
}
