/**
 * The public surface of the bids feature: what other features may import (besides its module
 * file, events/*.event.ts and entities/). See server/.dependency-cruiser.cjs.
 */
export { RepriceWithoutMemberCommand } from './commands/reprice-without-member/reprice-without-member.command';
export { CancelBidCommand } from './commands/cancel-bid/cancel-bid.command';
export { BidCorrectionResultDto } from './dto/bid-responses.dto';
