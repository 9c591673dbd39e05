import { Command } from '@nestjs/cqrs';
import type { BidCorrectionResult, BidRetractionReason } from '@mazad/contracts';
import type { AuthUser } from '../../../auth';

/** A member takes back their own bid `bidId` on an auction after a typo (R-BID-RETRACT). */
export class RetractBidCommand extends Command<BidCorrectionResult> {
  constructor(
    readonly auctionId: string,
    readonly bidId: string,
    readonly member: AuthUser,
    readonly reason: BidRetractionReason,
    /** `performance.now()` when the request reached the process (admission control's deadline). */
    readonly arrivedAt = performance.now(),
  ) {
    super();
  }
}
