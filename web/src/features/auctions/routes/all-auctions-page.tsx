/**
 * All auctions (R-LISTING, R-LIST-PAGING): category chips, time filter, 20 auctions a page
 * (`?page=`, with the home page's pagination) in a grid of 1 to 4 columns or as a list (the
 * grid/list toggle, kept in the URL as `?view=list`), a spinner while loading, and the empty
 * state. Which auctions are listed is the server's filter, as on the home page.
 */
import { CATEGORY_ALL } from '@mazad/contracts';
import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuctions } from '../api';
import { AuctionCard, FIRST_SCREEN_CARDS } from '../components/auction-card';
import { CategoryChips } from '../components/category-chips';
import { EmptyState } from '../components/empty-state';
import { Pagination } from '../components/pagination';
import { TimeFilter } from '../components/time-filter';
import { useFirstScreenPainted } from '../hooks/use-first-screen-painted';
import { FIRST_SCREEN_BATCH } from '../lib/first-screen';
import { ALL_AUCTIONS_PAGE_SIZE, readAllAuctionsFilters } from '../lib/home-filters';
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
  const { category, timeFilter, page } = readAllAuctionsFilters(searchParams);
  const view: AuctionsView = searchParams.get('view') === 'list' ? 'list' : 'grid';
  const query = useAuctions({ category, timeFilter, page, limit: ALL_AUCTIONS_PAGE_SIZE });
  const auctions = query.data?.auctions ?? [];
  const pagination = query.data?.pagination;
  const filtered = category !== CATEGORY_ALL || timeFilter !== 'all';
  // The first screen's cards first; the rest once its images have painted (see the home page).
  const gridRef = useRef<HTMLUListElement>(null);
  const firstScreenPainted = useFirstScreenPainted(gridRef, auctions.length > 0);
  const complete = firstScreenPainted || auctions.length <= FIRST_SCREEN_BATCH;
  const shown = complete ? auctions : auctions.slice(0, FIRST_SCREEN_BATCH);

  /** A filter change goes back to page 1; the view toggle keeps the page. */
  const setParam = (key: string, value: string, empty: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value && value !== empty) next.set(key, value);
        else next.delete(key);
        if (key !== 'view' && key !== 'page') next.delete('page');
        return next;
      },
      { preventScrollReset: key !== 'page' },
    );
  const goToPage = (next: number) => {
    setParam('page', String(next), '1');
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <div className="page all-auctions">
      <header className="page-head">
        <h1>جميع المزادات</h1>
        <p className="muted">تصفّح كل المزادات المعروضة وصفِّها حسب الفئة أو موعد الانتهاء.</p>
      </header>

      <section className="filters" aria-label="تصفية المزادات">
        <CategoryChips value={category} onChange={(value) => setParam('category', value, CATEGORY_ALL)} />
        <TimeFilter value={timeFilter} onChange={(value) => setParam('timeFilter', value, 'all')} />
        <ViewToggle value={view} onChange={(value) => setParam('view', value, 'grid')} />
      </section>

      <section className="listing" aria-labelledby="all-list-title" aria-busy={query.isFetching || undefined}>
        <h2 id="all-list-title" className="visually-hidden">
          قائمة المزادات
        </h2>
        {query.isPending ? (
          <PageSpinner label="جارٍ تحميل المزادات…" />
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
