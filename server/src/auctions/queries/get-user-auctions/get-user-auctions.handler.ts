import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { Auction, AuctionStatus, statusesOfFilter } from '@mazad/contracts';
import { DataSource, In, IsNull, Not } from 'typeorm';
import { AuctionReadModel } from '../../auction-read-model';
import { AuctionEntity } from '../../entities/auction.entity';
import { BIDS_IN_LIST_VIEW } from '../list-views';
import { GetUserAuctionsQuery } from './get-user-auctions.query';

@QueryHandler(GetUserAuctionsQuery)
export class GetUserAuctionsHandler implements IQueryHandler<GetUserAuctionsQuery, Auction[]> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly readModel: AuctionReadModel,
  ) {}

  async execute({ userId, status }: GetUserAuctionsQuery): Promise<Auction[]> {
    const statuses = status ? statusesOfFilter(status).filter((s) => s !== AuctionStatus.Deleted) : undefined;
    if (statuses?.length === 0) return [];
    const auctions = await this.db.getRepository(AuctionEntity).find({
      // Archived ones have their own tab (GET /api/users/{id}/archived-auctions).
      where: { sellerId: userId, status: statuses ? In(statuses) : Not(AuctionStatus.Deleted), archivedAt: IsNull() },
      relations: { seller: true, winner: true },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    return this.readModel.present(auctions, BIDS_IN_LIST_VIEW);
  }
}
