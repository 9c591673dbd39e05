import { Command } from '@nestjs/cqrs';
import type { SiteFeature } from '@mazad/contracts';

export interface SiteFeatureFields {
  icon: string;
  title: string;
  description: string;
}

/** An admin adds a feature card (placed after the existing ones). */
export class CreateSiteFeatureCommand extends Command<SiteFeature> {
  constructor(
    readonly feature: SiteFeatureFields,
    /** The operator (R-AUDIT-LOG). */
    readonly actorId: string,
  ) {
    super();
  }
}
