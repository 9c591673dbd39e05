/**
 * All auctions (specification 2.12, 4.5): category chips, time filter, the first 20 auctions
 * in a grid of 1 to 4 columns or as a list (the grid/list toggle, kept in the URL as
 * `?view=list`), a spinner while loading, and the empty state. The list keeps the all-auctions
 * visibility rule, re-checked every 30 s.
 */
import { CATEGORY_ALL } from '@mazad/contracts';
import { useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuctions } from '../api';
import { AuctionCard, FIRST_SCREEN_CARDS } from '../components/auction-card';
import { CategoryChips } from '../components/category-chips';
import { EmptyState } from '../components/empty-state';
import { TimeFilter } from '../components/time-filter';
import { useFirstScreenPainted } from '../hooks/use-first-screen-painted';
import { useServerNow } from '../hooks/use-server-now';
import { FIRST_SCREEN_BATCH } from '../lib/first-screen';
import { ALL_AUCTIONS_PAGE_SIZE, readAllAuctionsFilters } from '../lib/home-filters';
import { HOME_VISIBILITY_CHECK_MS, isVisibleOnAllAuctions } from '../lib/visibility';
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
  const { category, timeFilter } = readAllAuctionsFilters(searchParams);
  const view: AuctionsView = searchParams.get('view') === 'list' ? 'list' : 'grid';
  const query = useAuctions({ category, timeFilter, page: 1, limit: ALL_AUCTIONS_PAGE_SIZE });
  const now = useServerNow(HOME_VISIBILITY_CHECK_MS);
  const auctions = useMemo(
    () => (query.data?.auctions ?? []).filter((a) => isVisibleOnAllAuctions(a, now)),
    [query.data, now],
  );
  const filtered = category !== CATEGORY_ALL || timeFilter !== 'all';
  // The first screen's cards first; the rest once its images have painted (see the home page).
  const gridRef = useRef<HTMLUListElement>(null);
  const firstScreenPainted = useFirstScreenPainted(gridRef, auctions.length > 0);
  const shown = firstScreenPainted ? auctions : auctions.slice(0, FIRST_SCREEN_BATCH);

  const setParam = (key: string, value: string, empty: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value && value !== empty) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { preventScrollReset: true },
    );

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
      </section>
    </div>
  );
}
