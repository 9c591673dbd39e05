import { Command } from '@nestjs/cqrs';

/** An admin removes a banner (404 BANNER_NOT_FOUND when there is none). */
export class DeleteBannerCommand extends Command<void> {
  constructor(
    readonly bannerId: string,
    /** The operator (R-AUDIT-LOG). */
    readonly actorId: string,
  ) {
    super();
  }
}
