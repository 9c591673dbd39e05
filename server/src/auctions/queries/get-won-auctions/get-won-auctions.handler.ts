import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { Auction, AuctionStatus } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AuctionReadModel } from '../../auction-read-model';
import { AuctionEntity } from '../../entities/auction.entity';
import { BIDS_IN_LIST_VIEW } from '../list-views';
import { GetWonAuctionsQuery } from './get-won-auctions.query';

@QueryHandler(GetWonAuctionsQuery)
export class GetWonAuctionsHandler implements IQueryHandler<GetWonAuctionsQuery, Auction[]> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly readModel: AuctionReadModel,
  ) {}

  async execute({ userId }: GetWonAuctionsQuery): Promise<Auction[]> {
    const auctions = await this.db
      .getRepository(AuctionEntity)
      .createQueryBuilder('a')
      .leftJoinAndSelect('a.seller', 'seller')
      .leftJoinAndSelect('a.winner', 'winner')
      .where('a.winner_id = :userId', { userId })
      .andWhere('a.status <> :deleted', { deleted: AuctionStatus.Deleted })
      // Archived wins have their own list (GET /api/users/{id}/won-archived-auctions).
      .andWhere('a.archived_at IS NULL')
      .orderBy('COALESCE(a.ended_at, a.end_time)', 'DESC')
      .addOrderBy('a.id', 'DESC')
      .getMany();
    return this.readModel.present(auctions, BIDS_IN_LIST_VIEW);
  }
}
