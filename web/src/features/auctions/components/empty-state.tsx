import { EMPTY_HINT_FILTERED, EMPTY_HINT_LATER, EMPTY_TITLE } from '../lib/messages';

/** "No auctions available", with a hint that depends on whether a filter is active. */
export function EmptyState({ filtered }: { filtered: boolean }) {
  return (
    <div className="empty-state" role="status">
      <img src="/logo.svg" alt="" width={64} height={64} className="empty-state__icon" />
      <h2 className="empty-state__title">{EMPTY_TITLE}</h2>
      <p className="muted">{filtered ? EMPTY_HINT_FILTERED : EMPTY_HINT_LATER}</p>
    </div>
  );
}
