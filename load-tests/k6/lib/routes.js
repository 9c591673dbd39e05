// The API's paths for the k6 scripts: contracts' route table, as the ES module build of
// `npm run build -w contracts` (contracts/tsconfig.k6.json), so a script calls the routes the
// server serves (server/test/route-table.e2e-spec.ts checks the table against them).
import { path, routes } from '../../../contracts/dist/k6/routes/index.js';
// The query a bid asks to be answered with the live view, as the web app does (ADR 0018).
export { LIVE_BID_ANSWER } from '../../../contracts/dist/k6/api/bids.js';

export { routes };

/** `GET /api/auctions/:id`: the request's tag, one per route whatever the ids. */
export const routeName = (route) => `${route.method} ${route.path}`;

/** The absolute URL of a call: `apiUrl(BASE_URL, routes.auctions.get, { id })`. */
export const apiUrl = (baseUrl, route, params, query) => `${baseUrl}${path(route, params, query)}`;
