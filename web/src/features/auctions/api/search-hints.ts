/** GET /api/auctions/search-hints: what a search that found nothing can offer instead (R-SEARCH). */
import { path, routes, type SearchHints, type SearchHintsQuery } from '@mazad/contracts';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { auctionKeys } from './keys';

const NO_HINTS: SearchHints = { suggestions: [], allCategoriesTotal: null };

/** Failures are not toasted: the empty state then offers what it can without the server. */
export async function getSearchHints(query: SearchHintsQuery, signal?: AbortSignal): Promise<SearchHints> {
  const hints = await api.get<Partial<SearchHints>>(path(routes.auctions.searchHints), {
    query: { search: query.search, category: query.category },
    silent: true,
    signal,
  });
  return {
    suggestions: Array.isArray(hints?.suggestions) ? hints.suggestions : NO_HINTS.suggestions,
    allCategoriesTotal: typeof hints?.allCategoriesTotal === 'number' ? hints.allCategoriesTotal : null,
  };
}

export const searchHintsQuery = (query: SearchHintsQuery) =>
  queryOptions({
    queryKey: auctionKeys.searchHints(query),
    queryFn: ({ signal }) => getSearchHints(query, signal),
    staleTime: 60_000,
  });

/** The hints of an empty search; nothing is asked without a search (`query` null). */
export function useSearchHints(query: SearchHintsQuery | null): UseQueryResult<SearchHints> {
  return useQuery({ ...searchHintsQuery(query ?? { search: '' }), enabled: query !== null });
}
