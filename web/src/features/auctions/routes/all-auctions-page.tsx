/**
 * All auctions (R-LISTING, R-LIST-PAGING): category chips, time filter, order and price range,
 * 20 auctions a page (`?page=`, with the home page's pagination) in a grid of 1 to 4 columns or
 * as a list (the grid/list toggle, kept in the URL as `?view=list`; a phone always shows the
 * compact list), a spinner while loading, and the empty state. Which auctions are listed is the server's filter, as on the home page.
 */
import { CATEGORY_ALL } from '@mazad/contracts';
import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { KeptCopyNotice } from '@/components/ui/kept-copy-notice';
import { Notice } from '@/components/ui/notice';
import { PageSpinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAuctions } from '../api';
import { AuctionCard, FIRST_SCREEN_CARDS } from '../components/auction-card';
import { CategoryChips } from '../components/category-chips';
import { EmptyState } from '../components/empty-state';
import { Pagination } from '../components/pagination';
import { TimeFilter } from '../components/time-filter';
import { useFirstScreenPainted } from '../hooks/use-first-screen-painted';
import { FIRST_SCREEN_BATCH } from '../lib/first-screen';
import { ALL_AUCTIONS_PAGE_SIZE, readAllAuctionsFilters, withListChanges, type ListChanges } from '../lib/home-filters';
import { PriceRange, SortSelect } from '../components/list-order';
import '../auctions.css';

export { ALL_AUCTIONS_PAGE_SIZE } from '../lib/home-filters';

export type AuctionsView = 'grid' | 'list';

/** Grid or list, as buttons that say which one is on (aria-pressed). */
function ViewToggle({ value, onChange }: { value: AuctionsView; onChange: (view: AuctionsView) => void }) {
  const options: { view: AuctionsView; label: string }[] = [
    { view: 'grid', label: 'شبكة' },
    { view: 'list', label: 'قائمة' },
  ];
  return (
    <div className="segmented view-toggle" role="group" aria-label="طريقة العرض">
      {options.map((option) => (
        <button
          key={option.view}
          type="button"
          className={`segmented__item${value === option.view ? ' segmented__item--active' : ''}`}
          aria-pressed={value === option.view}
          onClick={() => onChange(option.view)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

export default function AllAuctionsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readAllAuctionsFilters(searchParams);
  const { category, timeFilter, page, sort, minPrice, maxPrice } = filters;
  const view: AuctionsView = searchParams.get('view') === 'list' ? 'list' : 'grid';
  const query = useAuctions({ ...filters, limit: ALL_AUCTIONS_PAGE_SIZE });
  const auctions = query.data?.auctions ?? [];
  const pagination = query.data?.pagination;
  const filtered =
    category !== CATEGORY_ALL || timeFilter !== 'all' || minPrice !== undefined || maxPrice !== undefined;
  // The first screen's cards first; the rest once its images have painted (see the home page).
  const gridRef = useRef<HTMLUListElement>(null);
  const firstScreenPainted = useFirstScreenPainted(gridRef, auctions.length > 0);
  const complete = firstScreenPainted || auctions.length <= FIRST_SCREEN_BATCH;
  const shown = complete ? auctions : auctions.slice(0, FIRST_SCREEN_BATCH);

  /** A filter change goes back to page 1; the view toggle keeps the page. */
  const update = (changes: ListChanges) =>
    setSearchParams((current) => withListChanges(current, changes), { preventScrollReset: changes.page === undefined });
  const goToPage = (next: number) => {
    update({ page: next });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <div className="page all-auctions">
      <header className="page-head">
        <h1>جميع المزادات</h1>
        <p className="muted page-head__hint">تصفّح كل المزادات المعروضة وصفِّها حسب الفئة أو موعد الانتهاء أو السعر.</p>
      </header>

      <section className="filters" aria-label="تصفية المزادات">
        <CategoryChips value={category} onChange={(value) => update({ category: value })} />
        <div className="filters__row">
          <TimeFilter value={timeFilter} onChange={(value) => update({ timeFilter: value })} />
          <SortSelect value={sort} searching={false} onChange={(value) => update({ sort: value })} />
          <PriceRange min={minPrice} max={maxPrice} onChange={(price) => update({ price })} />
          <ViewToggle value={view} onChange={(value) => update({ view: value })} />
        </div>
      </section>

      {/* Busy (dimmed) while another page or filter loads over the one shown; not for a refresh
          of the same page in the background (the socket's connection) nor for an offline retry. */}
      <section className="listing" aria-labelledby="all-list-title" aria-busy={query.isPlaceholderData || undefined}>
        <h2 id="all-list-title" className="visually-hidden">
          قائمة المزادات
        </h2>
        <KeptCopyNotice read={query} />
        {query.isPending ? (
          <PageSpinner label="جارٍ تحميل المزادات…" />
        ) : query.isError && query.data === undefined ? (
          // Not "no auctions": the list could not be read (offline with nothing kept, a failure).
          <Notice tone="warning">{errorMessage(query.error)}</Notice>
        ) : auctions.length === 0 ? (
          <EmptyState filtered={filtered} />
        ) : (
          <ul
            ref={gridRef}
            className={`auction-grid ${view === 'list' ? 'auction-grid--list' : 'auction-grid--four'}`}
            aria-label="المزادات"
          >
            {shown.map((auction, index) => (
              <li key={auction._id}>
                <AuctionCard auction={auction} priority={index < FIRST_SCREEN_CARDS} />
              </li>
            ))}
          </ul>
        )}

        {pagination && complete && (
          <Pagination
            page={pagination.page || page}
            hasPrev={pagination.hasPrev}
            hasNext={pagination.hasNext}
            onChange={goToPage}
          />
        )}
      </section>
    </div>
  );
}
