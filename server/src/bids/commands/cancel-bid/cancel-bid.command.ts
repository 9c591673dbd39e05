import { Command } from '@nestjs/cqrs';
import type { BidCorrectionResult } from '@mazad/contracts';
import type { AuthUser } from '../../../auth';

/** An operator cancels one bid, with the reason the bidder is told (R-BID-OPERATOR-CANCEL). */
export class CancelBidCommand extends Command<BidCorrectionResult> {
  constructor(
    readonly bidId: string,
    readonly operator: AuthUser,
    readonly reason: string,
  ) {
    super();
  }
}
