import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Rating } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AppException } from '../../../common/errors/app.exception';
import { UserEntity } from '../../../users/entities/user.entity';
import { selectRatings } from '../../rating.presenter';
import { GetRatingsQuery } from './get-ratings.query';

/** Through ratings_rated_user_idx; 404 USER_NOT_FOUND for an unknown member. */
@QueryHandler(GetRatingsQuery)
export class GetRatingsHandler implements IQueryHandler<GetRatingsQuery, Rating[]> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ userId }: GetRatingsQuery): Promise<Rating[]> {
    if (!(await this.db.getRepository(UserEntity).existsBy({ id: userId }))) throw new AppException('USER_NOT_FOUND');
    return selectRatings(this.db, 'rated_user_id', userId);
  }
}
