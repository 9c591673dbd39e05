import { Query } from '@nestjs/cqrs';
import type { RatingStats } from '@mazad/contracts';

/** A seller's rating summary: average stars and how many ratings it is based on. */
export class GetRatingStatsQuery extends Query<RatingStats> {
  constructor(readonly userId: string) {
    super();
  }
}
