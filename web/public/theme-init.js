// Applies the saved theme before the first paint (no light flash in dark mode), and the web font
// when an earlier visit cached it (src/lib/web-font.ts). A separate file, not an inline script:
// the server's Content-Security-Policy allows scripts from 'self' only.
try {
  var saved = localStorage.getItem('darkMode');
  var dark = saved === null ? window.matchMedia('(prefers-color-scheme: dark)').matches : saved === 'true';
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  if (localStorage.getItem('webFont') === 'ready') document.documentElement.dataset.fonts = 'ready';
} catch {
  // Storage or matchMedia unavailable: the stylesheet's default (light) applies.
}
