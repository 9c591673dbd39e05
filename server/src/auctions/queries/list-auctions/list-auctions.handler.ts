import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  AuctionList,
  AuctionStatus,
  jodToFils,
  OPEN_STATUSES,
  searchQuery,
  SOLD_LISTED_FOR_SECONDS,
  statusesOfFilter,
  TIME_FILTER_SECONDS,
} from '@mazad/contracts';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import { AuctionReadModel } from '../../auction-read-model';
import { AuctionEntity } from '../../entities/auction.entity';
import { searchMatchSql, searchRankSql } from '../auction-search';
import { BIDS_IN_LIST_VIEW } from '../list-views';
import { AuctionListFilters, ListAuctionsQuery } from './list-auctions.query';

/**
 * The filtered set of GET /api/auctions, without ordering or paging. Deleted and archived
 * auctions are never listed (docs/after-sale.md); neither are confirmed deals, nor sold auctions
 * once SOLD_LISTED_FOR_SECONDS have passed since their end (they wait for the archive in the
 * parties' profiles). Filtering here, not in the browser, keeps pages full and totals true.
 * Search matches words in any order (R-SEARCH, auction-search.ts); the price range reads the
 * current price in fils, both ends included.
 */
export function auctionListFilter(
  db: DataSource,
  f: Omit<AuctionListFilters, 'page' | 'limit' | 'sort'>,
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
    // Nothing searchable (only tatweel, diacritics or punctuation): the reader typed something
    // and nothing contains it, so nothing matches.
    const query = searchQuery(f.search);
    if (query === null) qb.andWhere('false');
    else qb.andWhere(searchMatchSql('a', ':query'), { query });
  }
  if (f.minPrice !== undefined) qb.andWhere('a.current_price_fils >= :minFils', { minFils: jodToFils(f.minPrice) });
  if (f.maxPrice !== undefined) qb.andWhere('a.current_price_fils <= :maxFils', { maxFils: jodToFils(f.maxPrice) });
  return qb;
}

/**
 * `ending`: the open auctions first, the soonest end first, then the closed ones still listed,
 * the latest end first. Written as the index auctions_listed_ending_idx is (migration
 * SearchWords), with the status inlined (a constant), so the first page is read off the index.
 */
const ACTIVE = `'${AuctionStatus.Active}'`;
const ENDING_ORDER: [string, 'ASC' | 'DESC'][] = [
  [`(a.status <> ${ACTIVE})`, 'ASC'],
  [`(CASE WHEN a.status = ${ACTIVE} THEN a.end_time END)`, 'ASC'],
  ['a.end_time', 'DESC'],
  ['a.id', 'ASC'],
];
const ORDERS: Record<NonNullable<AuctionListFilters['sort']>, [string, 'ASC' | 'DESC'][]> = {
  ending: ENDING_ORDER,
  newest: [
    ['a.created_at', 'DESC'],
    ['a.id', 'DESC'],
  ],
  price_asc: [
    ['a.current_price_fils', 'ASC'],
    ['a.id', 'ASC'],
  ],
  price_desc: [
    ['a.current_price_fils', 'DESC'],
    ['a.id', 'DESC'],
  ],
};

/** The order of a page: the one asked for; else by relevance for a search (ties as `ending`), else `ending`. */
function listOrder(filters: AuctionListFilters): [string, 'ASC' | 'DESC'][] {
  if (filters.sort) return ORDERS[filters.sort];
  const query = filters.search === undefined ? null : searchQuery(filters.search);
  return query === null ? ENDING_ORDER : [[searchRankSql('a', ':query'), 'DESC'], ...ENDING_ORDER];
}

/**
 * The two statements of a page: a COUNT over the filter and the page itself (with seller and
 * winner), in the order asked for. Exported so tests can EXPLAIN exactly what the handler runs.
 */
export function auctionListQueries(db: DataSource, filters: AuctionListFilters) {
  const base = auctionListFilter(db, filters);
  const page = base.clone().leftJoinAndSelect('a.seller', 'seller').leftJoinAndSelect('a.winner', 'winner');
  for (const [expression, direction] of listOrder(filters)) page.addOrderBy(expression, direction);
  return {
    count: base.clone().select('count(*)::int', 'total'),
    // Both joins are many-to-one, so LIMIT/OFFSET count auctions, not joined rows.
    page: page.limit(filters.limit).offset((filters.page - 1) * filters.limit),
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
