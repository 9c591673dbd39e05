import { Command } from '@nestjs/cqrs';
import type { Auction } from '@mazad/contracts';
import type { AuthUser } from '../../../auth';

/** The winner (receipt of the goods) or the seller confirms the deal of a sold auction. */
export class ConfirmDealCommand extends Command<{ auction: Auction; changed: boolean }> {
  constructor(
    readonly actor: AuthUser,
    readonly auctionId: string,
  ) {
    super();
  }
}
