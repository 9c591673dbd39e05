import { Command } from '@nestjs/cqrs';
import type { Rating } from '@mazad/contracts';
import type { AuthUser } from '../../../auth';

/** The winner of a sold auction rates its seller (once). `comment` is already trimmed. */
export class RateSellerCommand extends Command<Rating> {
  constructor(
    readonly rater: AuthUser,
    readonly sellerId: string,
    readonly auctionId: string,
    readonly stars: number,
    readonly comment: string | null,
  ) {
    super();
  }
}
