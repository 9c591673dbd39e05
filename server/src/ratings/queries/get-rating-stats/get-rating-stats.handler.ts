import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { RatingStats } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AppException } from '../../../common/errors/app.exception';
import { UserEntity } from '../../../users/entities/user.entity';
import { GetRatingStatsQuery } from './get-rating-stats.query';

/**
 * One aggregate over the ratings the member received (ratings_rated_user_idx): the average
 * rounded to one decimal and the count; zeros without ratings. 404 for an unknown member.
 */
@QueryHandler(GetRatingStatsQuery)
export class GetRatingStatsHandler implements IQueryHandler<GetRatingStatsQuery, RatingStats> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ userId }: GetRatingStatsQuery): Promise<RatingStats> {
    if (!(await this.db.getRepository(UserEntity).existsBy({ id: userId }))) throw new AppException('USER_NOT_FOUND');
    const [row]: { average: string; count: number }[] = await this.db.query(
      `SELECT coalesce(round(avg(stars)::numeric, 1), 0) AS average, count(*)::int AS count
         FROM ratings WHERE rated_user_id = $1`,
      [userId],
    );
    return { averageRating: Number(row.average), validRatings: row.count };
  }
}
