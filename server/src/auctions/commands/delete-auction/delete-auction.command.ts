import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../../auth';

export interface DeleteAuctionResult {
  /** `hard`: the row and its image files are gone; `soft`: status محذوف, bids kept (admins). */
  mode: 'hard' | 'soft';
}

/** The seller (while no bids) or an admin session (always) deletes an auction. */
export class DeleteAuctionCommand extends Command<DeleteAuctionResult> {
  constructor(
    readonly actor: AuthUser,
    readonly auctionId: string,
  ) {
    super();
  }
}
