import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  AuctionList,
  AuctionStatus,
  OPEN_STATUSES,
  searchTerm,
  SOLD_LISTED_FOR_SECONDS,
  statusesOfFilter,
  TIME_FILTER_SECONDS,
} from '@mazad/contracts';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import { AuctionReadModel } from '../../auction-read-model';
import { AuctionEntity } from '../../entities/auction.entity';
import { BIDS_IN_LIST_VIEW } from '../list-views';
import { escapeLike } from '../../../infrastructure/database/run-sql';
import { AuctionListFilters, ListAuctionsQuery } from './list-auctions.query';

/**
 * The filtered set of GET /api/auctions, without ordering or paging. Deleted and archived
 * auctions are never listed (docs/after-sale.md); neither are confirmed deals, nor sold auctions
 * once SOLD_LISTED_FOR_SECONDS have passed since their end (they wait for the archive in the
 * parties' profiles). Filtering here, not in the browser, keeps pages full and totals true. Search matches the generated, normalised `search_text` (title + description) with
 * the term normalised by the same function, so Arabic letter variants, diacritics and tatweel
 * do not matter, and `LIKE '%…%'` is answered by the trigram index auctions_search_trgm_idx.
 */
export function auctionListFilter(
  db: DataSource,
  f: Omit<AuctionListFilters, 'page' | 'limit'>,
): SelectQueryBuilder<AuctionEntity> {
  const qb = db
    .getRepository(AuctionEntity)
    .createQueryBuilder('a')
    .where('a.status <> :deleted', { deleted: AuctionStatus.Deleted })
    .andWhere('a.archived_at IS NULL')
    .andWhere('NOT a.is_deal_confirmed')
    .andWhere('(a.status <> :sold OR a.end_time > now() - make_interval(secs => :soldListed))', {
      sold: AuctionStatus.Sold,
      soldListed: SOLD_LISTED_FOR_SECONDS,
    });
  if (f.category) qb.andWhere('a.category = :category', { category: f.category });
  if (f.userId) qb.andWhere('a.seller_id = :userId', { userId: f.userId });
  if (f.status) {
    const statuses = statusesOfFilter(f.status);
    if (statuses.length === 0) qb.andWhere('false');
    else qb.andWhere('a.status IN (:...statuses)', { statuses });
  }
  if (f.timeFilter && f.timeFilter !== 'all') {
    qb.andWhere('a.status IN (:...open)', { open: OPEN_STATUSES })
      .andWhere('a.end_time > now()')
      .andWhere('a.end_time <= now() + make_interval(secs => :window)', { window: TIME_FILTER_SECONDS[f.timeFilter] });
  }
  if (f.search !== undefined) {
    // Normalised as the column is (contracts' searchTerm = mazad_normalize_ar, trimmed): a search
    // of only tatweel or diacritics has nothing to look for and matches no auction.
    const term = searchTerm(f.search);
    if (term === '') qb.andWhere('false');
    else qb.andWhere(`a.search_text LIKE '%' || :term || '%'`, { term: escapeLike(term) });
  }
  return qb;
}

/**
 * The two statements of a page, newest first: a COUNT over the filter and the page itself
 * (with seller and winner). Exported so tests can EXPLAIN exactly what the handler runs.
 */
export function auctionListQueries(db: DataSource, filters: AuctionListFilters) {
  const base = auctionListFilter(db, filters);
  return {
    count: base.clone().select('count(*)::int', 'total'),
    page: base
      .clone()
      .leftJoinAndSelect('a.seller', 'seller')
      .leftJoinAndSelect('a.winner', 'winner')
      .orderBy('a.createdAt', 'DESC')
      .addOrderBy('a.id', 'DESC')
      // Both joins are many-to-one, so LIMIT/OFFSET count auctions, not joined rows.
      .limit(filters.limit)
      .offset((filters.page - 1) * filters.limit),
  };
}

/** One COUNT and one page query over the same filter, then the bids in one more query. */
@QueryHandler(ListAuctionsQuery)
export class ListAuctionsHandler implements IQueryHandler<ListAuctionsQuery, AuctionList> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly readModel: AuctionReadModel,
  ) {}

  async execute({ filters }: ListAuctionsQuery): Promise<AuctionList> {
    const { page, limit } = filters;
    const queries = auctionListQueries(this.db, filters);
    const [counted, rows] = await Promise.all([queries.count.getRawOne<{ total: number }>(), queries.page.getMany()]);
    const total = Number(counted?.total ?? 0);
    const totalPages = Math.ceil(total / limit);
    return {
      auctions: await this.readModel.present(rows, BIDS_IN_LIST_VIEW),
      pagination: { page, limit, total, totalPages, hasNext: page < totalPages, hasPrev: page > 1 },
      serverTime: new Date().toISOString(),
    };
  }
}
