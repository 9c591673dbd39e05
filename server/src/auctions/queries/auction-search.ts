/**
 * Search by words (R-SEARCH), for GET /api/auctions and the console's auction search: the
 * auction's `search_vector` (migration SearchWords: its words and their stems, weighted) against
 * the tsquery of contracts' `searchQuery` (every word, in any order, as itself, its stem or the
 * start of a longer word; null when nothing searchable was typed: then nothing matches). The GIN
 * index auctions_search_idx answers the match.
 */

/** `search_vector` of the auction aliased `alias` matches the tsquery in the parameter `param` (`:query`, `$1`). */
export const searchMatchSql = (alias: string, param: string) => `${alias}.search_vector @@ CAST(${param} AS tsquery)`;

/**
 * How well the auction matches (higher first): ts_rank with the weights of the vector's parts,
 * D (description stems) 0.1, C (description words) 0.2, B (title stems) 0.5, A (title words) 1:
 * a title beats a description, a whole word its stem, and words close together count more.
 */
export const searchRankSql = (alias: string, param: string) =>
  `ts_rank('{0.1,0.2,0.5,1}'::float4[], ${alias}.search_vector, CAST(${param} AS tsquery))`;
