/**
 * The server's clock, re-read on a shared timer: every countdown on a page ticks together
 * from one interval (R-COUNTDOWN: a tick a second; R-SERVER-CLOCK).
 */
import { useCallback, useEffect, useReducer, useSyncExternalStore } from 'react';
import { serverNow } from '@/lib/server-time';

interface Ticker {
  now: number;
  listeners: Set<() => void>;
  timer: ReturnType<typeof setInterval> | null;
}

const tickers = new Map<number, Ticker>();

function tickerFor(intervalMs: number): Ticker {
  let ticker = tickers.get(intervalMs);
  if (!ticker) {
    ticker = { now: serverNow(), listeners: new Set(), timer: null };
    tickers.set(intervalMs, ticker);
  }
  return ticker;
}

function subscribe(intervalMs: number, listener: () => void): () => void {
  const ticker = tickerFor(intervalMs);
  ticker.listeners.add(listener);
  if (!ticker.timer) {
    ticker.timer = setInterval(() => {
      ticker.now = serverNow();
      for (const l of ticker.listeners) l();
    }, intervalMs);
  }
  return () => {
    ticker.listeners.delete(listener);
    if (ticker.listeners.size === 0 && ticker.timer) {
      clearInterval(ticker.timer);
      ticker.timer = null;
    }
  };
}

/** Stable between ticks; refreshed when no timer has run for a whole interval (first render). */
function snapshot(intervalMs: number): number {
  const ticker = tickerFor(intervalMs);
  if (!ticker.timer) {
    const now = serverNow();
    if (Math.abs(now - ticker.now) >= intervalMs) ticker.now = now;
  }
  return ticker.now;
}

/** Milliseconds since the epoch on the server's clock, updated every `intervalMs`. */
export function useServerNow(intervalMs = 1000): number {
  const subscribeTo = useCallback((listener: () => void) => subscribe(intervalMs, listener), [intervalMs]);
  const read = useCallback(() => snapshot(intervalMs), [intervalMs]);
  return useSyncExternalStore(subscribeTo, read, read);
}

/**
 * Whether the server's clock has reached `at` (ms since the epoch). Unlike `useServerNow` it
 * re-renders once, when that moment comes (one timer), not on every tick: a card decides whether
 * it still takes bids without re-rendering each second. An invalid time (NaN) is never reached.
 */
export function useServerTimeReached(at: number): boolean {
  const [checks, recheck] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const wait = at - serverNow();
    if (!(wait > 0)) return;
    // setTimeout's longest delay is about 24.8 days: a later end is re-checked then.
    const timer = setTimeout(recheck, Math.min(wait, MAX_TIMEOUT_MS));
    return () => clearTimeout(timer);
  }, [at, checks]);
  return at <= serverNow();
}

const MAX_TIMEOUT_MS = 2 ** 31 - 1;
