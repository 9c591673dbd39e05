import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import type { RatingStats } from '@mazad/contracts';
import { Repository } from 'typeorm';
import { notFound } from '../../../common/errors/app.exception';
import { UserEntity } from '../../../users/entities/user.entity';
import { GetRatingStatsQuery } from './get-rating-stats.query';

/**
 * SEAM: ratings are not stored yet (a later issue adds the ratings table and the rate call).
 * Until then every existing member honestly has no ratings: { averageRating: 0, validRatings: 0 }.
 * When the table exists, replace `ratingsOf` with one aggregate, e.g.
 *   SELECT coalesce(round(avg(stars)::numeric, 1), 0) AS "averageRating", count(*)::int AS "validRatings"
 *   FROM ratings WHERE seller_id = $1
 * The endpoint, its response shape and the 404 for unknown members stay as they are.
 */
@QueryHandler(GetRatingStatsQuery)
export class GetRatingStatsHandler implements IQueryHandler<GetRatingStatsQuery, RatingStats> {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  async execute({ userId }: GetRatingStatsQuery): Promise<RatingStats> {
    if (!(await this.users.existsBy({ id: userId }))) throw notFound('USER_NOT_FOUND');
    return this.ratingsOf(userId);
  }

  private async ratingsOf(_sellerId: string): Promise<RatingStats> {
    return { averageRating: 0, validRatings: 0 };
  }
}
