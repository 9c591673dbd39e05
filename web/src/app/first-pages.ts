/**
 * The pages visitors open first, and what each needs before it can show anything. The build
 * (vite.config.ts, `firstPageHints`) turns this table into `dist/.vite/first-pages.json`: for
 * each page, its lazy route module's files (script chunks and stylesheets) besides the first
 * bundle. The server (server/src/infrastructure/static/first-pages.ts) sends those as `<link>`
 * preloads in the page's HTML, with the page's first API reads, so all of it downloads at once,
 * in parallel with the first bundle, instead of one step after another (bundle → route code →
 * API call). Plain data: the Vite config imports this file.
 */
export interface FirstPage {
  /** The route's path as in the router (src/app/router.tsx), `:name` for a parameter. */
  path: string;
  /** The route's lazy module (relative to web/), as the router imports it. */
  module: string;
  /**
   * Public, side-effect-free GETs the page makes at once when its URL has no query string,
   * written exactly as the client requests them (src/app/first-pages.test.ts checks it), so the
   * browser hands the preloaded answer to the client's own request.
   */
  api?: readonly string[];
}

export const FIRST_PAGES: readonly FirstPage[] = [
  {
    path: '/',
    module: 'src/features/auctions/routes/home-page.tsx',
    api: ['/api/auctions?limit=50&page=1', '/api/banners', '/api/site-content'],
  },
  {
    path: '/auctions',
    module: 'src/features/auctions/routes/all-auctions-page.tsx',
    api: ['/api/auctions?limit=20&page=1'],
  },
  // GET /api/auctions/{id} is not a preload hint: its answer and the view it counts depend on the
  // session (a bearer token a hint cannot carry; admins see deleted auctions). index.html's
  // inline script starts it with the token instead (lib/early-read.ts).
  { path: '/auction/:id', module: 'src/app/routes/auction/auction-detail.tsx', api: ['/api/settings'] },
];
