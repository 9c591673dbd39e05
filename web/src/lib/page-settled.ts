/**
 * "The first page has settled": its `load` event has fired, its first screen's main image (an
 * auction card's or the gallery's: the page's largest paint) has painted, and the main thread
 * has had an idle moment. What the first screen does not show waits for it: the live socket,
 * the server-clock sync, sellers' ratings, the web font. Then none of them competes with the
 * first screen's code, data and images for the network and the main thread. A page without
 * such an image stops waiting for it LARGEST_IMAGE_WAIT_MS after its load, a browser that does
 * not report largest paints at once. Settled once, settled for good: later pages never wait.
 */
import { useEffect, useState } from 'react';

/** The longest the largest image is waited for after the load event (a page of text). */
export const LARGEST_IMAGE_WAIT_MS = 3_000;
/** The longest the idle moment is waited for after that (a busy page). */
export const IDLE_WAIT_MS = 2_000;

let settled = false;
let settling: Promise<void> | null = null;

function afterLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/**
 * A largest paint of one of the first screen's images: those the screens mark
 * `fetchpriority="high"` (the first cards' images, the gallery's first), not the header's logo.
 */
const isFirstScreenImage = (entry: PerformanceEntry) =>
  (entry as PerformanceEntry & { element?: Element | null }).element?.getAttribute('fetchpriority') === 'high';

/** Resolves once the largest paint is one of the first screen's images (or the wait is over). */
function largestImagePainted(): Promise<void> {
  if (typeof PerformanceObserver === 'undefined') return Promise.resolve();
  if (!PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some(isFirstScreenImage)) done();
    });
    const timer = setTimeout(() => done(), LARGEST_IMAGE_WAIT_MS);
    function done() {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    }
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

function nextIdle(): Promise<void> {
  return new Promise((resolve) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_MS })
      : setTimeout(resolve, 1),
  );
}

/** Resolves once the first page has settled (at once afterwards); the same promise for every caller. */
export function whenPageSettled(): Promise<void> {
  settling ??= afterLoad()
    .then(largestImagePainted)
    .then(nextIdle)
    .then(() => {
      settled = true;
    });
  return settling;
}

/** False until the first page has settled, then true (a re-render when it happens). */
export function usePageSettled(): boolean {
  const [value, setValue] = useState(settled);
  useEffect(() => {
    if (value) return;
    let mounted = true;
    void whenPageSettled().then(() => mounted && setValue(true));
    return () => {
      mounted = false;
    };
  }, [value]);
  return value;
}
