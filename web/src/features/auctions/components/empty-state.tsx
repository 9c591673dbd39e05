/**
 * The empty list (R-LISTING), and for a search or a category that found nothing, what to try
 * instead (R-SEARCH): the other spellings and shorter searches the server found something for
 * (GET /api/auctions/search-hints, asked only once a search came back empty), the same search in
 * every category when one is chosen, and the place for "save this search" (`saveSearch`: given by
 * the page once saved searches exist; nothing is shown without it). The filters are read from
 * the URL, where the list pages keep them (`search`, `category`).
 */
import { CATEGORY_ALL, SEARCH_HINT_TOTAL_MAX } from '@mazad/contracts';
import { useId, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSearchHints } from '../api';
import {
  EMPTY_ALL_CATEGORIES,
  EMPTY_EVERY_CATEGORY,
  EMPTY_HINT_FILTERED,
  EMPTY_HINT_LATER,
  EMPTY_SEARCH_TITLE,
  EMPTY_SUGGESTIONS,
  EMPTY_TITLE,
} from '../lib/messages';
import './empty-state.css';

export interface EmptyStateProps {
  /** A filter is on (category, search, time window): the hint says to change it. */
  filtered: boolean;
  /** "Save this search", once saved searches exist. */
  saveSearch?: ReactNode;
}

/** How many a hint finds: "(12)", or "(1000+)" at the server's cap. */
function Found({ total }: { total: number }) {
  return (
    <span className="muted">
      (<bdi dir="ltr">{total >= SEARCH_HINT_TOTAL_MAX ? `${SEARCH_HINT_TOTAL_MAX}+` : total}</bdi>)
    </span>
  );
}

/** The URL's filters with `changes` applied (undefined removes one), back on page 1. */
function withFilters(params: URLSearchParams, changes: Record<string, string | undefined>): string {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  next.delete('page');
  const text = next.toString();
  return text ? `?${text}` : '';
}

export function EmptyState({ filtered, saveSearch }: EmptyStateProps) {
  const [params] = useSearchParams();
  const triesId = useId();
  const search = params.get('search')?.trim() ?? '';
  const chosen = params.get('category')?.trim() ?? '';
  const category = chosen && chosen !== CATEGORY_ALL ? chosen : undefined;
  const hints = useSearchHints(search ? { search, category } : null).data;
  const suggestions = hints?.suggestions ?? [];
  // Every category: offered whenever one is chosen, with the count when the server gave one
  // (and not when it says the search finds nothing there either).
  const everyCategory = category !== undefined && hints?.allCategoriesTotal !== 0;
  const offers = suggestions.length > 0 || everyCategory;

  return (
    <div className="empty-state" role="status">
      <img src="/logo.svg" alt="" width={64} height={64} className="empty-state__icon" />
      <h2 className="empty-state__title">
        {search ? (
          <>
            {EMPTY_SEARCH_TITLE} «<bdi>{search}</bdi>»
          </>
        ) : (
          EMPTY_TITLE
        )}
      </h2>
      <p className="muted">{filtered ? EMPTY_HINT_FILTERED : EMPTY_HINT_LATER}</p>
      {offers && (
        <>
          <p id={triesId} className="empty-state__tries-title">
            {EMPTY_SUGGESTIONS}:
          </p>
          <ul className="empty-state__tries" aria-labelledby={triesId}>
            {suggestions.map((suggestion) => (
              <li key={suggestion.search}>
                <Link to={{ search: withFilters(params, { search: suggestion.search }) }}>
                  «<bdi>{suggestion.search}</bdi>»
                </Link>{' '}
                <Found total={suggestion.total} />
              </li>
            ))}
            {everyCategory && (
              <li>
                <Link to={{ search: withFilters(params, { category: undefined }) }}>
                  {search ? EMPTY_ALL_CATEGORIES : EMPTY_EVERY_CATEGORY}
                </Link>
                {typeof hints?.allCategoriesTotal === 'number' && (
                  <>
                    {' '}
                    <Found total={hints.allCategoriesTotal} />
                  </>
                )}
              </li>
            )}
          </ul>
        </>
      )}
      {saveSearch}
    </div>
  );
}
