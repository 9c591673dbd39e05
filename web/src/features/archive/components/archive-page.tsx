import type { ArchivedAuction, User } from '@mazad/contracts';
import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Stars } from '@/components/display';
import { Button, ButtonLink } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { countOf, formatDateTime, NOUNS } from '@/lib/format';
import { useConfirmArchivedDeal } from '../api/confirm-archived-deal';
import { useArchive } from '../api/use-archive';
import { collectRatings, combineArchive, latestArchived, messageThreads, OVERVIEW_LIMIT } from '../lib/grouping';
import { ArchiveCard } from './archive-card';
import { ArchivedMessageItem, ConversationModal } from './conversation-modal';
import '../archive.css';

export const ARCHIVE_TABS = [
  { id: 'overview', label: 'نظرة عامة' },
  { id: 'mine', label: 'مزاداتي المؤرشفة' },
  { id: 'won', label: 'المزادات الفائزة' },
  { id: 'messages', label: 'الرسائل القديمة' },
  { id: 'ratings', label: 'التقييمات' },
] as const;
export type ArchiveTab = (typeof ARCHIVE_TABS)[number]['id'];

const isTab = (value: string | null): value is ArchiveTab => ARCHIVE_TABS.some((t) => t.id === value);

function Empty({ children }: { children: ReactNode }) {
  return <p className="archive-empty muted">{children}</p>;
}

/**
 * /archive: four counts, then tabs for the overview (the
 * latest 5), the member's archived auctions, the ones they won (with confirm receipt), old
 * conversations (3 messages each, the whole one in a modal) and ratings.
 */
export function ArchivePage({ user }: { user: User }) {
  const userId = user._id;
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: ArchiveTab = isTab(tabParam) ? tabParam : 'overview';
  const { stats, mine, won, isPending } = useArchive(userId);
  const confirm = useConfirmArchivedDeal(userId);
  const [openThread, setOpenThread] = useState<ArchivedAuction | null>(null);

  const all = useMemo(() => combineArchive(mine.data ?? [], won.data ?? []), [mine.data, won.data]);
  const threads = useMemo(() => messageThreads(all), [all]);
  const ratings = useMemo(() => collectRatings(all), [all]);

  const setTab = (next: ArchiveTab) =>
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        if (next === 'overview') p.delete('tab');
        else p.set('tab', next);
        return p;
      },
      { replace: true },
    );

  function onTabKey(event: KeyboardEvent<HTMLDivElement>) {
    const index = ARCHIVE_TABS.findIndex((t) => t.id === tab);
    // Right-to-left: the arrow pointing to the start (right) goes to the previous tab.
    const delta = event.key === 'ArrowLeft' ? 1 : event.key === 'ArrowRight' ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const next = ARCHIVE_TABS[(index + delta + ARCHIVE_TABS.length) % ARCHIVE_TABS.length];
    setTab(next.id);
    requestAnimationFrame(() => document.getElementById(`archive-tab-${next.id}`)?.focus());
  }

  const onConfirm = (auction: ArchivedAuction) =>
    confirm.mutate(auction._id, {
      onSuccess: (result) => toast.success(result?.message || 'تم تأكيد استلام الصفقة بنجاح'),
    });
  const confirmingId = confirm.isPending ? (confirm.variables ?? null) : null;
  const card = (a: ArchivedAuction, withMessages = false) => (
    <ArchiveCard
      key={a._id}
      auction={a}
      userId={userId}
      onConfirm={onConfirm}
      confirmingId={confirmingId}
      onOpenMessages={withMessages ? setOpenThread : undefined}
    />
  );

  const s = stats.data;
  const statCards = [
    { label: 'إجمالي المؤرشف', value: s?.totalArchived ?? 0, tone: 'total' },
    { label: 'المباعة', value: s?.soldArchived ?? 0, tone: 'sold' },
    { label: 'غير المباعة', value: s?.unsoldArchived ?? 0, tone: 'unsold' },
    { label: 'المزادات الفائزة', value: s?.wonArchived ?? 0, tone: 'won' },
  ];

  let panel: ReactNode;
  if (isPending) panel = <PageSpinner label="جارٍ تحميل الأرشيف…" />;
  else if (tab === 'overview') {
    const latest = latestArchived(all);
    panel = latest.length ? (
      <>
        <h2 className="archive-section-title">آخر {OVERVIEW_LIMIT} مزادات مؤرشفة</h2>
        <div className="archive-grid">{latest.map((a) => card(a, true))}</div>
      </>
    ) : (
      <Empty>لا توجد مزادات في الأرشيف بعد. تنتقل المزادات المنتهية إلى الأرشيف تلقائياً بعد انتهائها.</Empty>
    );
  } else if (tab === 'mine') {
    const list = mine.data ?? [];
    panel = list.length ? (
      <div className="archive-grid">{list.map((a) => card(a, true))}</div>
    ) : (
      <Empty>لا توجد مزادات مؤرشفة لك.</Empty>
    );
  } else if (tab === 'won') {
    const list = won.data ?? [];
    panel = list.length ? (
      <div className="archive-grid">{list.map((a) => card(a, true))}</div>
    ) : (
      <Empty>لم تفز بأي مزاد مؤرشف بعد.</Empty>
    );
  } else if (tab === 'messages') {
    panel = threads.length ? (
      <div className="archive-threads">
        {threads.map(({ auction, preview, total }) => (
          <article key={auction._id} className="archive-thread" data-testid="archive-thread">
            <header className="archive-thread__head">
              <h3 className="archive-card__title">{auction.title}</h3>
              <span className="muted">{countOf(total, NOUNS.message)}</span>
            </header>
            <ol className="archive-messages" aria-label={`آخر رسائل ${auction.title}`}>
              {preview.map((m) => (
                <ArchivedMessageItem key={m._id} message={m} userId={userId} />
              ))}
            </ol>
            <Button size="sm" variant="secondary" onClick={() => setOpenThread(auction)}>
              عرض المحادثة كاملة
            </Button>
          </article>
        ))}
      </div>
    ) : (
      <Empty>لا توجد رسائل قديمة.</Empty>
    );
  } else {
    panel = ratings.length ? (
      <ul className="archive-ratings">
        {ratings.map((r) => (
          <li key={r._id} className="archive-rating" data-testid="archive-rating">
            <div className="archive-rating__head">
              <strong>{r.from?._id === userId ? 'أنت' : r.from?.name}</strong>
              <Stars value={r.stars} />
            </div>
            <p className={r.comment ? 'archive-rating__comment' : 'archive-rating__comment muted'}>
              {r.comment || 'بدون تعليق'}
            </p>
            <p className="muted archive-rating__meta">
              {r.auctionTitle} · {formatDateTime(r.createdAt)}
            </p>
          </li>
        ))}
      </ul>
    ) : (
      <Empty>لا توجد تقييمات في الأرشيف.</Empty>
    );
  }

  return (
    <div className="page archive-page">
      <div className="archive-page__head">
        <h1 className="archive-page__title">أرشيف المزادات</h1>
        <ButtonLink to={paths.profile.getHref()} variant="ghost" size="sm">
          → العودة إلى الملف الشخصي
        </ButtonLink>
      </div>

      <ul className="archive-stats" aria-label="إحصائيات الأرشيف">
        {statCards.map((c) => (
          <li key={c.tone} className={`archive-stat archive-stat--${c.tone}`} data-testid={`archive-stat-${c.tone}`}>
            <span className="archive-stat__value">{c.value}</span>
            <span className="archive-stat__label">{c.label}</span>
          </li>
        ))}
      </ul>

      <div className="archive-tabs" role="tablist" aria-label="أقسام الأرشيف" onKeyDown={onTabKey}>
        {ARCHIVE_TABS.map((t) => (
          <button
            key={t.id}
            id={`archive-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls="archive-panel"
            tabIndex={tab === t.id ? 0 : -1}
            className={`archive-tabs__tab${tab === t.id ? ' archive-tabs__tab--active' : ''}`}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <section
        id="archive-panel"
        role="tabpanel"
        aria-labelledby={`archive-tab-${tab}`}
        className="archive-panel"
        tabIndex={0}
      >
        {panel}
      </section>

      <ConversationModal auction={openThread} userId={userId} onClose={() => setOpenThread(null)} />
    </div>
  );
}
