import { startTransition, useEffect, useState, type RefObject } from 'react';

/** The longest the rest of a list waits for the first screen's images (slow or failing loads). */
export const FIRST_PAINT_WAIT_MS = 2_500;

/** Runs `run` once the browser has painted the next frame (a frame, then a task after it). */
function afterNextPaint(run: () => void): void {
  if (typeof requestAnimationFrame !== 'function') return void setTimeout(run, 0);
  requestAnimationFrame(() => setTimeout(run, 0));
}

/**
 * False until the first screen has painted: the high-priority images inside `container` are
 * decoded and a frame has shown them (or FIRST_PAINT_WAIT_MS passed), then true for good. The
 * grids render the cards below the first screen only then, so the work of 40 more cards (render,
 * commit, layout, their rooms and ratings) never delays the page's largest paint, the first
 * auction image. `ready`: the first cards are in the DOM.
 */
export function useFirstScreenPainted(container: RefObject<HTMLElement | null>, ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted || !ready) return;
    let cancelled = false;
    const images = Array.from(container.current?.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]') ?? []);
    const decoded = Promise.all(
      images.map((img) => (typeof img.decode === 'function' ? img.decode().catch(() => undefined) : undefined)),
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_PAINT_WAIT_MS)));
    void Promise.race([decoded, timeout]).then(() =>
      afterNextPaint(() => {
        // A transition: the rest of the list renders in slices, never one long task.
        if (!cancelled) startTransition(() => setPainted(true));
      }),
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [container, ready, painted]);
  return painted;
}
