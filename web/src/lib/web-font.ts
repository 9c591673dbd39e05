/**
 * The web font on the visits after the first. The first page a visitor opens paints in the
 * system font (the font files do not compete with the page's code, data and images); once that
 * page has settled (page-settled.ts), both font files are fetched into the HTTP cache
 * (hashed, kept a year) and a flag is stored. From then on the inline script of index.html sets
 * `data-fonts="ready"` on <html> before the first paint, `--font` names Noto Kufi Arabic
 * (styles/index.css) and the cached files apply from the first frame (`font-display: optional`
 * in styles/fonts.css keeps the system font, with no late swap, if they were evicted).
 */
import { whenPageSettled } from './page-settled';
import { storage, storageKeys } from './storage';

/** The two faces of styles/fonts.css (an Arabic letter selects their unicode-range). */
const FACES = ["400 1em 'Noto Kufi Arabic'", "700 1em 'Noto Kufi Arabic'"];
const ARABIC_SAMPLE = 'م';
export const WEB_FONT_READY = 'ready';

/** Fetches the web font once the first page has settled, then remembers it is cached. */
export function loadWebFontWhenIdle(): void {
  if (typeof document === 'undefined' || !document.fonts) return;
  void whenPageSettled().then(() => {
    Promise.all(FACES.map((face) => document.fonts.load(face, ARABIC_SAMPLE)))
      .then((loaded) => {
        if (loaded.every((faces) => faces.length > 0)) storage.set(storageKeys.webFont, WEB_FONT_READY);
      })
      .catch(() => {
        /* offline or blocked: the system font stays, the next visit tries again */
      });
  });
}
