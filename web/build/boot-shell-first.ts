import type { Plugin } from 'vite';

/** The tags Vite writes into <head> for the entry: its stylesheets and its module script. */
const ENTRY_TAGS = /[ \t]*<link rel="stylesheet"[^>]*>\n?|[ \t]*<script type="module"[^>]*><\/script>\n?/g;

/**
 * index.html with the entry's stylesheets and module script moved from the end of <head> to the
 * end of <body>, after the boot shell.
 *
 * In <head>, the stylesheets hold back the first paint until they have loaded, and by then the
 * first bundle (preloaded with them) has arrived and keeps the main thread busy: the page showed
 * nothing until the scripts had run. At the end of <body> the browser paints the boot shell
 * (styled inline) as soon as the HTML is parsed. Nothing is lost: the preload scanner still
 * requests them at once, the `<link rel="modulepreload">` hints stay in <head>, and a module
 * script never runs before the stylesheets above it have loaded, so React never renders unstyled.
 *
 * `firstCss` are the entry chunk's own stylesheets (the global styles): they go first, then the
 * shared chunks' (components), the cascade order the app had when those loaded with its routes.
 */
export function moveEntryToBodyEnd(html: string, firstCss: readonly string[] = []): string {
  const end = html.indexOf('</head>');
  const tags = html.slice(0, end).match(ENTRY_TAGS);
  if (!tags?.some((tag) => tag.includes('<script')) || !html.includes('</body>')) {
    throw new Error('boot-shell-first: index.html has no entry script in <head>, or no </body>');
  }
  const isFirst = (tag: string) => firstCss.some((file) => tag.includes(`/${file}"`));
  const ordered = [
    ...tags.filter((tag) => tag.includes('<link') && isFirst(tag)),
    ...tags.filter((tag) => tag.includes('<link') && !isFirst(tag)),
    ...tags.filter((tag) => tag.includes('<script')),
  ];
  const moved = ordered.map((tag) => `    ${tag.trim()}\n`).join('');
  return html.slice(0, end).replace(ENTRY_TAGS, '') + html.slice(end).replace(/\s*<\/body>/, `\n${moved}  </body>`);
}

/** The build step: Vite's own tags are in place when a `post` hook runs. */
export function bootShellFirst(): Plugin {
  return {
    name: 'mazad-boot-shell-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { chunk }) => moveEntryToBodyEnd(html, [...(chunk?.viteMetadata?.importedCss ?? [])]),
    },
  };
}
