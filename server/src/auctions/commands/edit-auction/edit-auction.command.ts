import { Command } from '@nestjs/cqrs';
import type { Auction, UpdateAuctionRequest } from '@mazad/contracts';
import type { AuthUser } from '../../../auth';

/** The seller's one edit of an active auction without bids. */
export class EditAuctionCommand extends Command<Auction> {
  constructor(
    readonly actor: AuthUser,
    readonly auctionId: string,
    readonly input: UpdateAuctionRequest,
  ) {
    super();
  }
}
