import { Query } from '@nestjs/cqrs';
import type { SiteBanner, SiteFeature } from '@mazad/contracts';

export interface SiteContent {
  banner: SiteBanner;
  features: SiteFeature[];
}

/** The home page's main banner and feature cards (the product's defaults until an admin edits them). */
export class GetSiteContentQuery extends Query<SiteContent> {}
