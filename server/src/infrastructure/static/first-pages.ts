import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { perBuild } from './per-build';

/**
 * One page of the web build's `.vite/first-pages.json` (written by web/vite.config.ts from
 * web/src/app/first-pages.ts): the files its lazy route module needs besides the first bundle,
 * and the public API reads it makes at once when its URL has no query string.
 */
interface FirstPage {
  path: string;
  modulepreload: string[];
  stylesheets: string[];
  api: string[];
}

export const FIRST_PAGES_FILE = join('.vite', 'first-pages.json');

/** For a double-quoted HTML attribute. */
export const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * `document` with `tags` inserted before its `</head>`. A replacer function, never a replacement
 * string: `$'`, `` $` `` and `$&` in the tags (a member's auction title in a sharing preview)
 * would otherwise splice parts of the page into them.
 */
export const beforeHeadEnd = (document: string, tags: string) => document.replace('</head>', () => `${tags}</head>`);

/** `/auction/:id` → a RegExp matching `/auction/<one segment>` (a trailing slash allowed). */
function pathPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/** The `<link>` tags of a page: its code and styles, and (`withApi`) its first API answers. */
function linkTags(page: FirstPage, withApi: boolean): string {
  const href = (url: string) => `href="${escapeAttribute(url)}"`;
  return [
    ...page.modulepreload.map((url) => `<link rel="modulepreload" crossorigin ${href(url)}>`),
    // Preloaded, not linked: the route's code links them when it runs, as without the hint, so
    // they never hold back the first paint of the page's shell.
    ...page.stylesheets.map((url) => `<link rel="preload" as="style" crossorigin ${href(url)}>`),
    // `crossorigin` (anonymous, same origin): the mode and credentials of the client's fetch(),
    // so the browser hands this answer to the client's request instead of asking again.
    ...(withApi ? page.api.map((url) => `<link rel="preload" as="fetch" crossorigin ${href(url)}>`) : []),
  ].join('');
}

interface Documents {
  pattern: RegExp;
  withApi: string;
  withoutApi: string;
}

/** Each first page's index.html with its hints before `</head>`; none without the hints file. */
function buildDocuments(webDir: string): Documents[] {
  let pages: FirstPage[];
  try {
    pages = (JSON.parse(readFileSync(join(webDir, FIRST_PAGES_FILE), 'utf8')) as { pages: FirstPage[] }).pages;
  } catch {
    return []; // an older build without the file: the plain index.html everywhere
  }
  const index = readFileSync(join(webDir, 'index.html'), 'utf8');
  const withHints = (tags: string) => beforeHeadEnd(index, tags);
  return pages.map((page) => ({
    pattern: pathPattern(page.path),
    withApi: withHints(linkTags(page, true)),
    withoutApi: withHints(linkTags(page, false)),
  }));
}

/**
 * The web app's index.html for the first pages, with their hints: `html(path, hasQuery)` answers
 * the document for a browser navigation to `path`, or undefined when the path is not a first
 * page (the plain index.html is sent). The API reads are left out when the URL has a query
 * string: its filters change what the page asks for. The documents are prepared once per build
 * (per-build.ts: again when index.html changes).
 */
export function firstPageDocuments(webDir: string): { html(path: string, hasQuery: boolean): string | undefined } {
  const documents = perBuild(webDir, (built) => (built ? buildDocuments(webDir) : []));
  return {
    html(path, hasQuery) {
      const document = documents().find((d) => d.pattern.test(path));
      return document && (hasQuery ? document.withoutApi : document.withApi);
    },
  };
}
