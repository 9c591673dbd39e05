import type { AuthUser } from '../../../auth/core/auth-user';

export class BuyNowCommand {
  constructor(
    readonly auctionId: string,
    readonly buyer: AuthUser,
  ) {}
}
