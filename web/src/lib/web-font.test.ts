import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from './storage';
import { loadWebFontWhenIdle, WEB_FONT_READY } from './web-font';

function stubFonts(load: (face: string, text: string) => Promise<unknown[]>) {
  const fonts = { load: vi.fn(load) };
  Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  return fonts;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  delete (document as { fonts?: unknown }).fonts;
});

describe('loadWebFontWhenIdle', () => {
  it('fetches both faces for Arabic text once the page has loaded, then remembers they are cached', async () => {
    const fonts = stubFonts(async () => [{}]);
    loadWebFontWhenIdle();
    await vi.waitFor(() => expect(localStorage.getItem(storageKeys.webFont)).toBe(WEB_FONT_READY));
    expect(fonts.load).toHaveBeenCalledWith("400 1em 'Noto Kufi Arabic'", 'م');
    expect(fonts.load).toHaveBeenCalledWith("700 1em 'Noto Kufi Arabic'", 'م');
  });

  it('stores nothing when a face did not load (the next visit tries again)', async () => {
    const fonts = stubFonts(async (face) => (face.startsWith('700') ? [] : [{}]));
    loadWebFontWhenIdle();
    await vi.waitFor(() => expect(fonts.load).toHaveBeenCalledTimes(2));
    await new Promise((r) => setTimeout(r, 10));
    expect(localStorage.getItem(storageKeys.webFont)).toBeNull();
  });

  it('stores nothing when the download fails', async () => {
    const fonts = stubFonts(async () => {
      throw new Error('offline');
    });
    loadWebFontWhenIdle();
    await vi.waitFor(() => expect(fonts.load).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 10));
    expect(localStorage.getItem(storageKeys.webFont)).toBeNull();
  });
});
