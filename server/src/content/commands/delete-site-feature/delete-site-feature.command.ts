import { Command } from '@nestjs/cqrs';

/** An admin removes a feature card (404 FEATURE_NOT_FOUND when there is none). */
export class DeleteSiteFeatureCommand extends Command<void> {
  constructor(
    readonly featureId: string,
    /** The operator (R-AUDIT-LOG). */
    readonly actorId: string,
  ) {
    super();
  }
}
