import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { AuctionStatus } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AuctionEntity } from '../../../auctions/entities/auction.entity';
import { ARCHIVABLE_STATUSES } from '../../archive-policy';
import { assertArchiveReader } from '../../archive-rules';
import { ArchiveViewsService } from '../../archive-views.service';
import { ArchivedAuctionsPage, GetArchivedAuctionsQuery } from './get-archived-auctions.query';

/** Served by the partial indexes auctions_seller_archived_idx / auctions_winner_archived_idx. */
@QueryHandler(GetArchivedAuctionsQuery)
export class GetArchivedAuctionsHandler implements IQueryHandler<GetArchivedAuctionsQuery, ArchivedAuctionsPage> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly views: ArchiveViewsService,
  ) {}

  async execute({
    viewer,
    userId,
    side,
    status,
    page,
    limit,
  }: GetArchivedAuctionsQuery): Promise<ArchivedAuctionsPage> {
    assertArchiveReader(viewer, userId);
    const qb = this.db
      .getRepository(AuctionEntity)
      .createQueryBuilder('a')
      .leftJoinAndSelect('a.seller', 'seller')
      .leftJoinAndSelect('a.winner', 'winner')
      .where('a.archived_at IS NOT NULL');
    if (side === 'seller') {
      qb.andWhere('a.seller_id = :userId', { userId }).andWhere('a.status IN (:...statuses)', {
        statuses: status ? [status] : [...ARCHIVABLE_STATUSES],
      });
    } else {
      qb.andWhere('a.winner_id = :userId', { userId }).andWhere('a.status = :sold', { sold: AuctionStatus.Sold });
    }
    const [rows, total] = await qb
      .orderBy('a.archivedAt', 'DESC')
      .addOrderBy('a.id', 'DESC')
      .take(limit)
      .skip((page - 1) * limit)
      .getManyAndCount();
    return { archivedAuctions: await this.views.present(rows), total, page, limit };
  }
}
