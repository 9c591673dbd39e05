import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAINT_WAIT_MS, useFirstScreenPainted } from './use-first-screen-painted';

function Grid({ ready = true }: { ready?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const painted = useFirstScreenPainted(ref, ready);
  return (
    <div ref={ref}>
      <img alt="first" src="/uploads/a.webp" fetchPriority="high" />
      <p>{painted ? 'painted' : 'waiting'}</p>
    </div>
  );
}

/** Makes every image's decode() wait for `release()`. */
function holdDecoding() {
  let release: () => void = () => {};
  const decoded = new Promise<void>((resolve) => (release = resolve));
  const decode = vi.fn(() => decoded);
  Object.defineProperty(HTMLImageElement.prototype, 'decode', { value: decode, configurable: true });
  return { decode, release };
}

afterEach(() => {
  delete (HTMLImageElement.prototype as Partial<HTMLImageElement>).decode;
  vi.useRealTimers();
});

describe('useFirstScreenPainted', () => {
  it('turns true once the first screen’s high-priority images are decoded and a frame has passed', async () => {
    const { decode, release } = holdDecoding();
    render(<Grid />);
    expect(decode).toHaveBeenCalledTimes(1);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByText('waiting')).toBeInTheDocument();
    release();
    expect(await screen.findByText('painted')).toBeInTheDocument();
  });

  it('stops waiting after FIRST_PAINT_WAIT_MS when an image never finishes', async () => {
    vi.useFakeTimers();
    holdDecoding();
    render(<Grid />);
    await act(() => vi.advanceTimersByTimeAsync(FIRST_PAINT_WAIT_MS - 1));
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('painted')).toBeInTheDocument();
  });

  it('waits while the first cards are not in the page yet', async () => {
    const { decode } = holdDecoding();
    render(<Grid ready={false} />);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(decode).not.toHaveBeenCalled();
    expect(screen.getByText('waiting')).toBeInTheDocument();
  });
});
