import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, TOAST_LIMIT, toastStore } from './toast-store';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  toast.dismiss();
  vi.useRealTimers();
});

const messages = () => toastStore.getSnapshot().map((t) => t.message);

describe('toasts', () => {
  it('keeps success toasts 2 s and default and error toasts 4 s', () => {
    toast.success('ok');
    toast('note');
    toast.error('bad');
    vi.advanceTimersByTime(1999);
    expect(messages()).toEqual(['ok', 'note', 'bad']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual(['note', 'bad']);
    vi.advanceTimersByTime(1999);
    expect(messages()).toEqual(['note', 'bad']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('keeps loading toasts until dismissed', () => {
    const id = toast.loading('wait');
    vi.advanceTimersByTime(60_000);
    expect(messages()).toEqual(['wait']);
    toast.dismiss(id);
    expect(messages()).toEqual([]);
  });

  it('shows at most 20 at once, dropping the oldest', () => {
    for (let i = 1; i <= 25; i++) toast(`t${i}`);
    expect(TOAST_LIMIT).toBe(20);
    expect(messages()).toHaveLength(20);
    expect(messages()[0]).toBe('t6');
    expect(messages()[19]).toBe('t25');
  });

  it('notifies subscribers', () => {
    const listener = vi.fn();
    const off = toastStore.subscribe(listener);
    toast('x');
    expect(listener).toHaveBeenCalled();
    off();
  });
});
