/**
 * Where the bid box is, for what leads to it (the sticky bar, the standing line): its element
 * id, and the move there. Kept apart from bid-box.tsx, which loads in its own chunk.
 */
export const BID_BOX_ID = 'bid-box';
export const BID_HISTORY_ID = 'bid-history';
export const OWNER_BOX_ID = 'owner-box';

const motion = (): ScrollBehavior =>
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';

/** Scrolls `id` into view and focuses its first field (or the box itself). */
export function goTo(id: string): void {
  const box = document.getElementById(id);
  if (!box) return;
  box.scrollIntoView({ behavior: motion(), block: 'center' });
  const target = box.querySelector<HTMLElement>('input:not([disabled]), a[href], button:not([disabled])') ?? box;
  if (target === box && !box.hasAttribute('tabindex')) box.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
