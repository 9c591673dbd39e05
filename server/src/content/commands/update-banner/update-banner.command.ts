import { Command } from '@nestjs/cqrs';
import type { Banner } from '@mazad/contracts';

export interface BannerChanges {
  text?: string;
  link?: string;
  isActive?: boolean;
  order?: number;
}

/**
 * An admin edits a banner. Changes carrying `text` are an edit of the form: text and link are
 * both replaced (no link removes it). Otherwise only the given `isActive` / `order` / `link` change.
 */
export class UpdateBannerCommand extends Command<Banner> {
  constructor(
    readonly bannerId: string,
    readonly changes: BannerChanges,
    /** The operator (R-AUDIT-LOG). */
    readonly actorId: string,
  ) {
    super();
  }
}
