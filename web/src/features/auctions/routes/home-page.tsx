/**
 * The home page (R-LISTING, R-LIST-PAGING): announcements, create-auction calls, category chips,
 * time filter, order and price range, statistics, the donation note, the list (50 a page; a
 * compact list on a phone) with pagination and the empty state. The welcome card is for the first
 * visit only (lib/first-visit.ts). Filters live in the URL (`category`, `search`, `timeFilter`,
 * `sort`, `minPrice`, `maxPrice`, `page`); changing a filter goes back to page 1. Auctions
 * published meanwhile (`new-auction`) join the first page at their place in its order when they
 * match the filters, highlighted for 10 s. Which auctions are listed (sold ones for 10 minutes
 * after their end, no confirmed deals) is the server's filter, so pages are full. Offline, the
 * last list read is shown with its age (R-OFFLINE-LISTS).
 */
import { CATEGORY_ALL, type Auction } from '@mazad/contracts';
import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { KeptCopyNotice } from '@/components/ui/kept-copy-notice';
import { Notice } from '@/components/ui/notice';
import { PageSpinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/components/ui/toast-store';
import { InstallApp } from '@/features/install';
import { SiteFeatures, SiteWelcome, useSiteContent } from '@/features/site-content';
import { serverNow } from '@/lib/server-time';
import { useAuctions, useBanners, useNewAuctionsInList, type AuctionListParams } from '../api';
import { AnnouncementBanner } from '../components/announcement-banner';
import { AuctionList } from '../components/auction-list';
import { CategoryChips } from '../components/category-chips';
import { CreateAuctionAction } from '../components/create-auction-action';
import { EmptyState } from '../components/empty-state';
import { Pagination } from '../components/pagination';
import { StatsTiles } from '../components/stats-tiles';
import { TimeFilter } from '../components/time-filter';
import { useFirstScreenPainted } from '../hooks/use-first-screen-painted';
import { matchesFilters } from '../lib/filters';
import { FIRST_SCREEN_BATCH } from '../lib/first-screen';
import { isFirstVisit } from '../lib/first-visit';
import { NEW_AUCTION_ADDED } from '../lib/messages';
import { HOME_PAGE_SIZE, readHomeFilters, withListChanges, type ListChanges } from '../lib/home-filters';
import { PriceRange, SortSelect } from '../components/list-order';
import '../auctions.css';
import { HeartIcon } from '../components/icons';

export { HOME_PAGE_SIZE, readHomeFilters } from '../lib/home-filters';
export const NEW_HIGHLIGHT_MS = 10_000;

/** The same filters without the search text (and back to page 1). */
function withoutSearch(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.delete('search');
  next.delete('page');
  const text = next.toString();
  return text ? `?${text}` : '';
}

function PlusIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/** New auctions shown highlighted, with the moment each highlight ends. */
function useHighlights() {
  const [until, setUntil] = useState<Record<string, number>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const map = timers.current;
    return () => map.forEach((t) => clearTimeout(t));
  }, []);
  const add = useCallback((id: string) => {
    setUntil((u) => ({ ...u, [id]: Date.now() + NEW_HIGHLIGHT_MS }));
    clearTimeout(timers.current.get(id));
    timers.current.set(
      id,
      setTimeout(() => {
        timers.current.delete(id);
        setUntil(({ [id]: _gone, ...rest }) => rest);
      }, NEW_HIGHLIGHT_MS),
    );
  }, []);
  return { isNew: (id: string) => id in until, add };
}

export default function HomePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readHomeFilters(searchParams);
  const { category, search, timeFilter, page, sort, minPrice, maxPrice } = filters;
  const params: AuctionListParams = { ...filters, limit: HOME_PAGE_SIZE };
  const query = useAuctions(params);
  const highlights = useHighlights();

  /** Writes filters to the URL; anything but a page change goes back to page 1. */
  const update = (changes: ListChanges) => {
    setSearchParams((current) => withListChanges(current, changes), { preventScrollReset: changes.page === undefined });
    if (changes.page !== undefined) window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  useNewAuctionsInList(
    params,
    (auction: Auction) => page === 1 && matchesFilters(auction, filters, serverNow()),
    (auction: Auction) => {
      highlights.add(auction._id);
      toast.success(NEW_AUCTION_ADDED);
    },
  );

  // Rendering the 50 cards is the page's biggest piece of work: it runs at transition priority,
  // in slices, so it never blocks the main thread for long (the spinner stays until it is done).
  const list = useDeferredValue(query.data);
  const listPending = list === undefined && (query.isPending || query.data !== undefined);
  // The announcement strip and the console's main banner sit above everything: the page appears
  // once both are known, so they never push the content down after the first paint (no layout
  // shift). The route's loader has already asked for both.
  // Offline with nothing kept (a paused read), the page shows without them rather than wait.
  const waiting = (read: { isPending: boolean; fetchStatus: string }) =>
    read.isPending && read.fetchStatus !== 'paused';
  const bannersPending = waiting(useBanners());
  const siteContentPending = waiting(useSiteContent());
  const auctions = list?.auctions ?? [];
  const pagination = list?.pagination;
  const filtered =
    category !== CATEGORY_ALL ||
    Boolean(search) ||
    timeFilter !== 'all' ||
    minPrice !== undefined ||
    maxPrice !== undefined;
  // The first screen's cards commit on their own; the other cards, the pagination and what
  // follows the grid come once the first screen's images have painted, all at once (below the
  // first screen: nothing visible moves), so their work never delays the largest paint.
  const gridRef = useRef<HTMLUListElement>(null);
  const firstScreenPainted = useFirstScreenPainted(
    gridRef,
    !bannersPending && !siteContentPending && !listPending && auctions.length > 0,
  );
  const complete = firstScreenPainted || auctions.length <= FIRST_SCREEN_BATCH;
  const shown = complete ? auctions : auctions.slice(0, FIRST_SCREEN_BATCH);

  if (bannersPending || siteContentPending) return <PageSpinner />;

  // The announcement strip, the title and the console's main banner on top (where the console
  // says the banner goes), then the goods: the filters and the grid; the calls to action,
  // statistics and feature cards follow it.
  return (
    <div className="page home">
      <AnnouncementBanner />

      <h1 id="home-title" className="home__title">
        مزاد: سوق المزادات الإلكترونية في الأردن
      </h1>

      {isFirstVisit() && <SiteWelcome />}

      <section className="filters" aria-label="تصفية المزادات">
        <CategoryChips value={category} onChange={(value) => update({ category: value })} />
        <div className="filters__row">
          <TimeFilter value={timeFilter} onChange={(value) => update({ timeFilter: value })} />
          <SortSelect value={sort} searching={Boolean(search)} onChange={(value) => update({ sort: value })} />
          <PriceRange min={minPrice} max={maxPrice} onChange={(price) => update({ price })} />
        </div>
      </section>

      {/* Busy (dimmed) while another page or filter loads over the one shown; not for a refresh
          of the same page in the background (the socket's connection) nor for an offline retry. */}
      <section className="listing" aria-labelledby="home-list-title" aria-busy={query.isPlaceholderData || undefined}>
        <div className="listing__head">
          <h2 id="home-list-title" className="listing__title">
            {search ? (
              <>
                نتائج البحث عن «<bdi>{search}</bdi>»
              </>
            ) : (
              'المزادات'
            )}
          </h2>
          {search && (
            <Link className="link-button" to={{ search: withoutSearch(searchParams) }}>
              مسح البحث
            </Link>
          )}
        </div>

        <KeptCopyNotice read={query} />
        {listPending ? (
          <PageSpinner label="جارٍ تحميل المزادات…" />
        ) : query.isError && query.data === undefined ? (
          // Not "no auctions": the list could not be read (offline with nothing kept, a failure).
          <Notice tone="warning">{errorMessage(query.error)}</Notice>
        ) : auctions.length === 0 ? (
          <EmptyState filtered={filtered} />
        ) : (
          <AuctionList
            auctions={auctions}
            shown={shown}
            listRef={gridRef}
            className="auction-grid"
            label="قائمة المزادات"
            isNew={highlights.isNew}
            showRemovalCountdown
          />
        )}

        {pagination && complete && (
          <Pagination
            page={pagination.page || page}
            hasPrev={pagination.hasPrev}
            hasNext={pagination.hasNext}
            onChange={(next) => update({ page: next })}
          />
        )}
      </section>

      {/* What follows the grid appears with it, so the grid's arrival pushes nothing visible down. */}
      {!listPending && complete && (
        <>
          <p className="donation-note">
            <HeartIcon /> فئة «تبرعات» مخصّصة للمزادات الخيرية: اعرض فيها ما تودّ التبرع به ليذهب ريعه إلى من يحتاجه.
          </p>

          <section className="hero card" aria-labelledby="home-sell-title">
            <div className="hero__text">
              <h2 id="home-sell-title" className="hero__cta-title">
                هل لديك شيء للبيع؟
              </h2>
              <p className="muted">
                زايد على ما يعجبك، أو اشترِ فوراً، أو اعرض ما لديك للبيع، والأسعار بالدينار الأردني.
              </p>
            </div>
            <div className="hero__cta">
              <CreateAuctionAction className="btn btn--primary btn--lg">
                <PlusIcon />
                أنشئ مزادك الآن
              </CreateAuctionAction>
            </div>
          </section>

          <StatsTiles />

          <SiteFeatures />

          <InstallApp />
        </>
      )}

      <CreateAuctionAction className="fab" ariaLabel="إنشاء مزاد جديد">
        <PlusIcon />
      </CreateAuctionAction>
    </div>
  );
}
