import { Command } from '@nestjs/cqrs';
import type { SiteBanner } from '@mazad/contracts';

/** An admin replaces the home page's main banner. */
export class UpdateSiteBannerCommand extends Command<SiteBanner> {
  constructor(
    readonly banner: SiteBanner,
    /** The operator (R-AUDIT-LOG). */
    readonly actorId: string,
  ) {
    super();
  }
}
