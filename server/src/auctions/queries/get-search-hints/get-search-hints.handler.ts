import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { SEARCH_HINT_TOTAL_MAX, SEARCH_SUGGESTIONS_MAX, searchAlternatives, type SearchHints } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { auctionListFilter } from '../list-auctions/list-auctions.handler';
import { GetSearchHintsQuery } from './get-search-hints.query';

/**
 * The hints of an empty search result (R-SEARCH): contracts' searchAlternatives (other spellings,
 * a word left out), each counted over the listed auctions of the same category, kept when it
 * finds some; and the same search in every category when one was chosen. Counts go through
 * the list's own filter, so a hint never promises what the list would not show. A handful of
 * capped COUNTs answered by the full-text index, run only when a search found nothing.
 */
@QueryHandler(GetSearchHintsQuery)
export class GetSearchHintsHandler implements IQueryHandler<GetSearchHintsQuery, SearchHints> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ search, category }: GetSearchHintsQuery): Promise<SearchHints> {
    // Counted up to SEARCH_HINT_TOTAL_MAX: a hint's count only says "this many or more", and
    // the route is public, so common words must not cost a full count each.
    const count = async (filters: { search: string; category?: string }) => {
      const [sql, params] = auctionListFilter(this.db, filters)
        .select('1')
        .limit(SEARCH_HINT_TOTAL_MAX)
        .getQueryAndParameters();
      const [row]: { total: number }[] = await this.db.query(`SELECT count(*)::int AS total FROM (${sql}) m`, params);
      return Number(row?.total ?? 0);
    };
    const alternatives = searchAlternatives(search);
    const [totals, allCategoriesTotal] = await Promise.all([
      Promise.all(alternatives.map((text) => count({ search: text, category }))),
      category ? count({ search }) : Promise.resolve(null),
    ]);
    const suggestions = alternatives
      .map((text, i) => ({ search: text, total: totals[i] }))
      // In searchAlternatives' order: a respelled word says more about what was meant than a
      // shorter search that finds more.
      .filter((s) => s.total > 0)
      .slice(0, SEARCH_SUGGESTIONS_MAX);
    return { suggestions, allCategoriesTotal };
  }
}
