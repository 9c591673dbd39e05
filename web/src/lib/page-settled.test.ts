import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let readyState: DocumentReadyState = 'loading';
Object.defineProperty(document, 'readyState', { configurable: true, get: () => readyState });

/** requestIdleCallback under the test's control: the callbacks wait until `idle()`. */
let idleCallbacks: Array<{ run: () => void; timeout?: number }> = [];
const idle = () => idleCallbacks.splice(0).forEach(({ run }) => run());

beforeEach(() => {
  vi.resetModules(); // a fresh "first page" per test
  readyState = 'loading';
  idleCallbacks = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) => {
    idleCallbacks.push({ run, timeout: options?.timeout });
    return idleCallbacks.length;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  readyState = 'complete';
});

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)));

/** A browser that reports largest paints: `paint(element)` delivers an entry for it. */
function stubLargestPaints() {
  const observers: Array<{ callback: PerformanceObserverCallback; disconnected: boolean }> = [];
  class FakeObserver {
    static supportedEntryTypes = ['largest-contentful-paint'];
    private readonly record: { callback: PerformanceObserverCallback; disconnected: boolean };
    constructor(callback: PerformanceObserverCallback) {
      this.record = { callback, disconnected: false };
      observers.push(this.record);
    }
    observe() {}
    disconnect() {
      this.record.disconnected = true;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    paint(element: Element) {
      for (const { callback, disconnected } of observers) {
        if (!disconnected) callback({ getEntries: () => [{ element }] } as never, {} as PerformanceObserver);
      }
    },
  };
}

const image = (fetchPriority?: string) => {
  const img = document.createElement('img');
  if (fetchPriority) img.setAttribute('fetchpriority', fetchPriority);
  return img;
};

describe('page settled', () => {
  it('waits for the load event, then for an idle moment (bounded), then stays settled', async () => {
    const { IDLE_WAIT_MS, whenPageSettled } = await import('./page-settled');
    const settled = vi.fn();
    void whenPageSettled().then(settled);
    await flush();
    expect(idleCallbacks).toHaveLength(0); // not loaded yet: nothing asked of the idle queue
    expect(settled).not.toHaveBeenCalled();

    readyState = 'complete';
    window.dispatchEvent(new Event('load'));
    await flush();
    expect(idleCallbacks).toEqual([expect.objectContaining({ timeout: IDLE_WAIT_MS })]);
    expect(settled).not.toHaveBeenCalled();

    idle();
    await waitFor(() => expect(settled).toHaveBeenCalledTimes(1));
    // Later callers (the next pages) do not wait again.
    await whenPageSettled();
    expect(idleCallbacks).toHaveLength(0);
  });

  it("waits for the first screen's main image to paint, not the header's logo", async () => {
    const paints = stubLargestPaints();
    const { whenPageSettled } = await import('./page-settled');
    readyState = 'complete';
    const settled = vi.fn();
    void whenPageSettled().then(settled);
    await flush();
    paints.paint(image()); // the boot shell's logo
    await flush();
    idle();
    await flush();
    expect(settled).not.toHaveBeenCalled();

    paints.paint(image('high')); // the first card's image
    await flush();
    idle();
    await waitFor(() => expect(settled).toHaveBeenCalledTimes(1));
  });

  it('settles a page without such an image once the wait is over', async () => {
    stubLargestPaints();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { LARGEST_IMAGE_WAIT_MS, whenPageSettled } = await import('./page-settled');
      readyState = 'complete';
      const settled = vi.fn();
      void whenPageSettled().then(settled);
      await vi.advanceTimersByTimeAsync(LARGEST_IMAGE_WAIT_MS - 1);
      idle();
      expect(idleCallbacks).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      idle();
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('usePageSettled: false on the first screen, true once settled, true at once for later components', async () => {
    const { usePageSettled } = await import('./page-settled');
    readyState = 'complete';
    const first = renderHook(() => usePageSettled());
    expect(first.result.current).toBe(false);
    await flush();
    expect(first.result.current).toBe(false);

    await act(async () => idle());
    await waitFor(() => expect(first.result.current).toBe(true));
    expect(renderHook(() => usePageSettled()).result.current).toBe(true);
  });
});
