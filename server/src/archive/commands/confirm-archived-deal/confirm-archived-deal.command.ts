import { Command } from '@nestjs/cqrs';
import type { ArchivedAuction } from '@mazad/contracts';
import type { AuthUser } from '../../../auth';

export interface ConfirmArchivedDealResult {
  /** False when the deal had been confirmed before (nothing changed). */
  changed: boolean;
  archivedAuction: ArchivedAuction;
}

/** The winner of an archived sale confirms receiving the goods (once; later calls change nothing). */
export class ConfirmArchivedDealCommand extends Command<ConfirmArchivedDealResult> {
  constructor(
    readonly actor: AuthUser,
    readonly userId: string,
    readonly auctionId: string,
  ) {
    super();
  }
}
