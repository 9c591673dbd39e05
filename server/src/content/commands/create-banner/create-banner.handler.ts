import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Banner } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AuditLog } from '../../../audit';
import { bannerFields, toBanner } from '../../banner.presenter';
import { BannerEntity } from '../../entities/banner.entity';
import { CreateBannerCommand } from './create-banner.command';

/** The banner and its audit entry in one transaction (R-AUDIT-LOG). */
@CommandHandler(CreateBannerCommand)
export class CreateBannerHandler implements ICommandHandler<CreateBannerCommand, Banner> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ banner, actorId }: CreateBannerCommand): Promise<Banner> {
    const saved = await this.db.transaction(async (m) => {
      const banners = m.getRepository(BannerEntity);
      const row = await banners.save(
        banners.create({
          text: banner.text,
          link: banner.link ?? null,
          isActive: banner.isActive ?? true,
          order: banner.order ?? 0,
        }),
      );
      await AuditLog.record(m, {
        actorId,
        action: 'banner.create',
        target: { type: 'banner', id: row.id },
        after: bannerFields(row),
      });
      return row;
    });
    return toBanner(saved);
  }
}
