import { Command } from '@nestjs/cqrs';
import type { SiteFeature } from '@mazad/contracts';
import type { SiteFeatureFields } from '../create-site-feature/create-site-feature.command';

/** An admin rewrites a feature card (404 FEATURE_NOT_FOUND when there is none). */
export class UpdateSiteFeatureCommand extends Command<SiteFeature> {
  constructor(
    readonly featureId: string,
    readonly feature: SiteFeatureFields,
    /** The operator (R-AUDIT-LOG). */
    readonly actorId: string,
  ) {
    super();
  }
}
