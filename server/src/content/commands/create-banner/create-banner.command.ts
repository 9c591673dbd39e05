import { Command } from '@nestjs/cqrs';
import type { Banner } from '@mazad/contracts';

export interface NewBanner {
  text: string;
  link?: string;
  isActive?: boolean;
  order?: number;
}

/** An admin adds a home page banner (text trimmed and required; no link when empty). */
export class CreateBannerCommand extends Command<Banner> {
  constructor(
    readonly banner: NewBanner,
    /** The operator (R-AUDIT-LOG). */
    readonly actorId: string,
  ) {
    super();
  }
}
