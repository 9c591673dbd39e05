import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { searchQuery, statusesOfFilter, type AdminAuctionRow } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AuctionReadModel, loadAuctionsInOrder, searchMatchSql } from '../../../auctions';
import { ADMIN_AUCTION_SORTS } from '../../dto/admin-queries.dto';
import { AdminAuctionsPage, ListAdminAuctionsQuery } from './list-admin-auctions.query';

/** Bids each admin row carries (newest last); `bidCount` is the total. */
export const BIDS_IN_ADMIN_ROW = 5;

/**
 * A COUNT and a page of ids over the filter (search by words as GET /api/auctions:
 * auctions/queries/auction-search.ts), then the auctions and their latest bids through the
 * shared read side.
 */
@QueryHandler(ListAdminAuctionsQuery)
export class ListAdminAuctionsHandler implements IQueryHandler<ListAdminAuctionsQuery, AdminAuctionsPage> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly readModel: AuctionReadModel,
  ) {}

  async execute({ filters }: ListAdminAuctionsQuery): Promise<AdminAuctionsPage> {
    const params: unknown[] = [];
    const where: string[] = ['true'];
    if (filters.q !== undefined) {
      // As GET /api/auctions (R-SEARCH): every word, in any order; nothing searchable matches nothing.
      const query = searchQuery(filters.q);
      if (query === null) where.push('false');
      else {
        params.push(query);
        where.push(searchMatchSql('a', `$${params.length}`));
      }
    }
    if (filters.status) {
      params.push(statusesOfFilter(filters.status));
      where.push(`a.status = ANY($${params.length}::text[])`);
    }
    if (filters.category) {
      params.push(filters.category);
      where.push(`a.category = $${params.length}`);
    }
    if (filters.sellerId) {
      params.push(filters.sellerId);
      where.push(`a.seller_id = $${params.length}`);
    }
    const condition = where.join(' AND ');
    const direction = filters.order === 'asc' ? 'ASC' : 'DESC';
    const [[counted], ids]: [[{ total: number }], { id: string }[]] = await Promise.all([
      this.db.query(`SELECT count(*)::int AS total FROM auctions a WHERE ${condition}`, params),
      this.db.query(
        `SELECT a.id FROM auctions a LEFT JOIN users s ON s.id = a.seller_id
          WHERE ${condition}
          ORDER BY ${ADMIN_AUCTION_SORTS[filters.sort]} ${direction} NULLS LAST, a.id ${direction}
          LIMIT ${filters.limit} OFFSET ${(filters.page - 1) * filters.limit}`,
        params,
      ),
    ]);
    const entities = await loadAuctionsInOrder(
      this.db,
      ids.map((r) => r.id),
    );
    const archivedAt = new Map(entities.map((a) => [a.id, a.archivedAt]));
    const views = await this.readModel.present(entities, BIDS_IN_ADMIN_ROW);
    const auctions = views.map((a): AdminAuctionRow => ({
      _id: a._id,
      id: a.id,
      title: a.title,
      category: a.category,
      seller: { _id: a.seller._id, id: a.seller.id, name: a.seller.name },
      winner: a.winner,
      currentPrice: a.currentPrice,
      bidCount: a.bidCount,
      bids: a.bids,
      status: a.status,
      endTime: a.endTime,
      archivedAt: archivedAt.get(a._id)?.toISOString() ?? null,
      createdAt: a.createdAt,
    }));
    return { auctions, total: counted.total };
  }
}
