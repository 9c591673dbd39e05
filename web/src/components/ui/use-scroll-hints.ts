/**
 * Whether a sideways scroller has more to show before and after what is in view, for the hints
 * that say so (a fade with an arrow on the side that has more). Works in either direction
 * (right-to-left scrollers have negative `scrollLeft`), follows scrolling and size changes.
 */
import { useEffect, useState, type RefObject } from 'react';

export interface ScrollHints {
  /** More before the visible part (towards the start: the right in Arabic). */
  before: boolean;
  /** More after it (towards the end). */
  after: boolean;
}

export function scrollHints(el: Pick<HTMLElement, 'scrollLeft' | 'scrollWidth' | 'clientWidth'>): ScrollHints {
  const room = el.scrollWidth - el.clientWidth;
  const offset = Math.abs(el.scrollLeft);
  return { before: offset > 1, after: room - offset > 1 };
}

export function useScrollHints(ref: RefObject<HTMLElement | null>): ScrollHints {
  const [hints, setHints] = useState<ScrollHints>({ before: false, after: false });
  // After every render: the scroller may appear later (a screen that loads first) or be replaced.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () =>
      setHints((current) => {
        const next = scrollHints(el);
        return next.before === current.before && next.after === current.after ? current : next;
      });
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(el);
    window.addEventListener('resize', update);
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
      window.removeEventListener('resize', update);
    };
  });
  return hints;
}
