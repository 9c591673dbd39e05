import { type Notification, noticePath } from '@mazad/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '@/lib/format';
import { useMarkRead } from '../api/mark-read';
import { useNotifications } from '../api/notifications';
import '../notifications.css';

/** What the badge shows: the number, or 99+ above 99. */
export function bellBadge(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** The bell's accessible name, with the count a screen reader announces. */
export function bellLabel(count: number): string {
  return count > 0 ? `الإشعارات، ${bellBadge(count)} غير مقروءة` : 'الإشعارات، لا جديد';
}

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The header's bell (docs/notifications.md): the unread count, live over the socket; a panel of
 * the newest notices, each a link that marks it read; "mark all read". Escape, an outside click
 * or choosing a notice closes it, and focus goes back to the bell.
 */
export function NotificationBell({ userId }: { userId: string }) {
  const { data } = useNotifications(userId);
  const markRead = useMarkRead(userId);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const unread = data?.unreadCount ?? 0;
  const notices = data?.notifications ?? [];

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent | TouchEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const choose = (notice: Notification) => {
    if (!notice.readAt) markRead.mutate(notice._id);
    setOpen(false);
  };

  return (
    <div ref={root} className="bell">
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        data-testid="notification-bell"
      >
        <BellIcon />
        {unread > 0 && (
          <span className="badge badge--unread" aria-hidden="true" data-testid="bell-badge">
            {bellBadge(unread)}
          </span>
        )}
      </button>
      {/* Announces a change of the count politely (the button's name is read only on focus). */}
      <span className="visually-hidden" role="status" aria-live="polite">
        {unread > 0 ? bellLabel(unread) : ''}
      </span>
      {open && (
        <section id={panelId} className="bell__panel" aria-labelledby={headingId}>
          <header className="bell__head">
            <h2 id={headingId} className="bell__title">
              الإشعارات
            </h2>
            <button
              type="button"
              className="bell__all"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate(null)}
            >
              تعليم الكل كمقروء
            </button>
          </header>
          {notices.length === 0 ? (
            <p className="bell__empty">لا توجد إشعارات بعد</p>
          ) : (
            <ul className="bell__list">
              {notices.map((notice) => (
                <li key={notice._id}>
                  <Link
                    to={noticePath(notice.link)}
                    className={`bell__item${notice.readAt ? '' : ' bell__item--unread'}`}
                    onClick={() => choose(notice)}
                  >
                    <span className="bell__item-title">
                      {notice.readAt ? null : <span className="visually-hidden">غير مقروء: </span>}
                      {notice.title}
                    </span>
                    <span className="bell__item-body">{notice.body}</span>
                    <time className="bell__item-time" dateTime={notice.createdAt}>
                      {formatDateTime(notice.createdAt)}
                    </time>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
