import type { AuthUser } from '../../../auth/core/auth-user';

export class PlaceBidCommand {
  constructor(
    readonly auctionId: string,
    readonly bidder: AuthUser,
    readonly amountFils: number,
  ) {}
}
