import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  AuctionList,
  AuctionStatus,
  DEFAULT_AUCTION_SORT,
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
import { BIDS_IN_LIST_VIEW, loadAuctionsInOrder } from '../list-views';
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

/** The keys of a list order, each with its direction. */
type Order = [expression: string, direction: 'ASC' | 'DESC'][];

/**
 * `ending`: the open auctions first, the soonest end first, then the closed ones still listed,
 * the latest end first. Written as the index auctions_listed_ending_idx is (migration
 * SearchWords), with the status inlined (a constant), so the first page is read off the index.
 */
const ACTIVE = `'${AuctionStatus.Active}'`;
const ENDING_ORDER: Order = [
  [`(a.status <> ${ACTIVE})`, 'ASC'],
  [`(CASE WHEN a.status = ${ACTIVE} THEN a.end_time END)`, 'ASC'],
  ['a.end_time', 'DESC'],
  ['a.id', 'ASC'],
];
const ORDERS: Record<NonNullable<AuctionListFilters['sort']>, Order> = {
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

/**
 * The two statements of a page without a search: a COUNT over the filter and the page itself
 * (with seller and winner), read off the order's index (`ending`, `newest`, the price). Exported
 * so tests can EXPLAIN exactly what the handler runs.
 */
export function auctionListQueries(db: DataSource, filters: AuctionListFilters) {
  const base = auctionListFilter(db, filters);
  const page = base.clone().leftJoinAndSelect('a.seller', 'seller').leftJoinAndSelect('a.winner', 'winner');
  for (const [expression, direction] of ORDERS[filters.sort ?? DEFAULT_AUCTION_SORT])
    page.addOrderBy(expression, direction);
  return {
    count: base.clone().select('count(*)::int', 'total'),
    // Both joins are many-to-one, so LIMIT/OFFSET count auctions, not joined rows.
    page: page.limit(filters.limit).offset((filters.page - 1) * filters.limit),
  };
}

/**
 * A search's page and total in one statement (R-SEARCH): ranking reads every match anyway, so
 * the matches are read once (their ids and order keys: relevance, ties as `ending`, unless a
 * `sort` is asked), counted, and the page taken from them. A COUNT beside a page query would
 * read every match twice. One row even past the last page: the total, and a null id. Exported
 * so tests can EXPLAIN exactly what runs.
 */
export function auctionSearchStatement(db: DataSource, filters: AuctionListFilters): [string, unknown[]] {
  const order: Order = filters.sort ? ORDERS[filters.sort] : [[searchRankSql('a', ':query'), 'DESC'], ...ENDING_ORDER];
  const matches = auctionListFilter(db, filters).select('a.id', 'id');
  // Each key a column of its own (k0, k1 …), but the id, which is selected already.
  const keys = order.map(([expression, direction], i) => {
    if (expression === 'a.id') return `id ${direction}`;
    matches.addSelect(expression, `k${i}`);
    return `k${i} ${direction}`;
  });
  const [sql, params] = matches.getQueryAndParameters();
  // limit and page are validated whole numbers (the DTO).
  return [
    `WITH matches AS MATERIALIZED (${sql})
     SELECT t.total, p.id
       FROM (SELECT count(*)::int AS total FROM matches) t
       LEFT JOIN LATERAL (
         SELECT id FROM matches ORDER BY ${keys.join(', ')} LIMIT ${filters.limit} OFFSET ${(filters.page - 1) * filters.limit}
       ) p ON true`,
    params,
  ];
}

/**
 * A page of GET /api/auctions and its total: with a search, one statement for both, then the
 * page's auctions by id; without, a COUNT and the page side by side. Then the bids in one more
 * query.
 */
@QueryHandler(ListAuctionsQuery)
export class ListAuctionsHandler implements IQueryHandler<ListAuctionsQuery, AuctionList> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly readModel: AuctionReadModel,
  ) {}

  async execute({ filters }: ListAuctionsQuery): Promise<AuctionList> {
    const { page, limit } = filters;
    const searching = filters.search !== undefined && searchQuery(filters.search) !== null;
    const [total, rows] = searching ? await this.searchPage(filters) : await this.listPage(filters);
    const totalPages = Math.ceil(total / limit);
    return {
      auctions: await this.readModel.present(rows, BIDS_IN_LIST_VIEW),
      pagination: { page, limit, total, totalPages, hasNext: page < totalPages, hasPrev: page > 1 },
      serverTime: new Date().toISOString(),
    };
  }

  private async listPage(filters: AuctionListFilters): Promise<[number, AuctionEntity[]]> {
    const queries = auctionListQueries(this.db, filters);
    const [counted, rows] = await Promise.all([queries.count.getRawOne<{ total: number }>(), queries.page.getMany()]);
    return [Number(counted?.total ?? 0), rows];
  }

  private async searchPage(filters: AuctionListFilters): Promise<[number, AuctionEntity[]]> {
    const found: { total: number; id: string | null }[] = await this.db.query(
      ...auctionSearchStatement(this.db, filters),
    );
    const ids = found.flatMap((row) => (row.id ? [row.id] : []));
    return [Number(found[0]?.total ?? 0), await loadAuctionsInOrder(this.db, ids)];
  }
}
