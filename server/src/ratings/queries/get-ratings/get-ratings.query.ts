import { Query } from '@nestjs/cqrs';
import type { Rating } from '@mazad/contracts';

/** Ratings a member received, newest first. */
export class GetRatingsQuery extends Query<Rating[]> {
  constructor(readonly userId: string) {
    super();
  }
}
