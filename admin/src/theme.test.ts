import { describe, expect, it } from 'vitest';
import { createRtlCache, darkTheme, lightTheme, theme } from './theme';

describe('console theme', () => {
  it('is right-to-left in both modes', () => {
    expect(theme.direction).toBe('rtl');
    expect(lightTheme.direction).toBe('rtl');
    expect(darkTheme.direction).toBe('rtl');
  });

  it('flips left/right styles through the Emotion cache', () => {
    const cache = createRtlCache();
    expect(cache.key).toBe('muirtl');
    cache.insert(
      '.box',
      { name: 'x', styles: 'margin-left:4px;padding-right:2px;', next: undefined },
      cache.sheet,
      true,
    );
    const css = Array.from(document.querySelectorAll('style[data-emotion^="muirtl"]'))
      .map((node) => node.textContent)
      .join('');
    expect(css).toContain('margin-right:4px');
    expect(css).toContain('padding-left:2px');
  });
});
