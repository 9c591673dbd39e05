import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SiteBanner } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { toSiteBanner } from '../../site-content.presenter';
import { UpdateSiteBannerCommand } from './update-site-banner.command';

/** One upsert of the single banner row. */
@CommandHandler(UpdateSiteBannerCommand)
export class UpdateSiteBannerHandler implements ICommandHandler<UpdateSiteBannerCommand, SiteBanner> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ banner }: UpdateSiteBannerCommand): Promise<SiteBanner> {
    const [row] = await this.db.query(
      `INSERT INTO site_banner (singleton, title, subtitle, description) VALUES (true, $1, $2, $3)
       ON CONFLICT (singleton) DO UPDATE
         SET title = EXCLUDED.title, subtitle = EXCLUDED.subtitle, description = EXCLUDED.description, updated_at = now()
       RETURNING title, subtitle, description`,
      [banner.title, banner.subtitle, banner.description],
    );
    return toSiteBanner(row);
  }
}
