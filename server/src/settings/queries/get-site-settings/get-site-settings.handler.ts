import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { SiteSettings } from '@mazad/contracts';
import { AppConfig } from '../../../config/app-config';
import { GetSiteSettingsQuery } from './get-site-settings.query';

/** Straight from the validated configuration, so the clients never hard-code these numbers. */
@QueryHandler(GetSiteSettingsQuery)
export class GetSiteSettingsHandler implements IQueryHandler<GetSiteSettingsQuery, SiteSettings> {
  constructor(private readonly config: AppConfig) {}

  async execute(): Promise<SiteSettings> {
    return {
      auctionDurations: [...this.config.auctionDurations.keys()],
      bidExtensionSeconds: this.config.bidExtensionSeconds,
      archiveUnsoldAfterSeconds: this.config.archiveUnsoldAfterSeconds,
      archiveSoldAfterSeconds: this.config.archiveSoldAfterSeconds,
      contact: { phone: this.config.contactPhone, email: this.config.contactEmail },
    };
  }
}
