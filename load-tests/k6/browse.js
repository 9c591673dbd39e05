// k6 read mix of a busy evening (load-tests/README.md, "k6"): visitors open the home page,
// filter and page through the auctions, search in Arabic, open auction pages and public
// profiles — the calls the web app makes for each page, signed out.
//
//   k6 run load-tests/k6/browse.js                                  # 40 pages/s for 30 s
//   k6 run -e RATE=100 -e DURATION=1m -e BASE_URL=http://localhost:3000 load-tests/k6/browse.js
//
// Environment (-e NAME=value): BASE_URL (else the fixtures' baseUrl, else http://localhost:3000),
// FIXTURES (optional: its hot auction and members join the pages visited), RATE (40 pages/s),
// DURATION (30s), PAGE_P95_MS (300), PAGE_P99_MS (800), RESULTS_DIR (load-tests/results).
// Each page is a batch of parallel calls, as a browser sends them; a page's time is its slowest call.
import { check, fail } from 'k6';
import http from 'k6/http';
import { Trend } from 'k6/metrics';
import { baseUrl, FIXTURES_PATH, numberEnv, parseFixtures } from './lib/options.js';
import { apiUrl, routes } from './lib/routes.js';
import { summaryOutputs } from './lib/summary.js';

function optionalFixtures() {
  try {
    return parseFixtures(open(FIXTURES_PATH), FIXTURES_PATH);
  } catch (err) {
    if (__ENV.FIXTURES) throw err; // asked for by name: must be there
    return null;
  }
}

const fixtures = optionalFixtures();
const BASE_URL = baseUrl(fixtures);
const RATE = numberEnv('RATE', 40);
const DURATION = __ENV.DURATION || '30s';
const PAGE_P95_MS = numberEnv('PAGE_P95_MS', 300);
const PAGE_P99_MS = numberEnv('PAGE_P99_MS', 800);

/** The categories of contracts/src/categories.ts and the time filters of contracts/src/durations.ts. */
const CATEGORIES = ['إلكترونيات', 'أثاث', 'أزياء', 'سيارات', 'عقارات', 'تبرعات', 'إكسسوارات', 'متنوعة'];
const TIME_FILTERS = ['1hour', '1day', '3days', '1week', '1month'];
/** What people type: whole words, parts of words, with and without hamza / ta marbuta (folded by the server). */
const SEARCHES = [
  'هاتف',
  'سيارة',
  'سياره',
  'ساعة',
  'طاولة',
  'دراجة',
  'شقة',
  'كتب',
  'فستان',
  'اثاث',
  'أثاث',
  'جديد',
  'مستعمل',
  'آيفون',
  'ذهب',
];

/** The pages and their share of visits. */
const PAGES = [
  { name: 'home', weight: 30 },
  { name: 'filters', weight: 20 },
  { name: 'search', weight: 15 },
  { name: 'auction', weight: 25 },
  { name: 'profile', weight: 10 },
];
const TOTAL_WEIGHT = PAGES.reduce((sum, p) => sum + p.weight, 0);

const pageTime = new Trend('page_duration', true); // tagged `page`

const thresholds = {
  http_req_failed: ['rate==0'],
  checks: ['rate==1'],
  page_duration: [`p(95)<=${PAGE_P95_MS}`, `p(99)<=${PAGE_P99_MS}`],
};
for (const page of PAGES) thresholds[`page_duration{page:${page.name}}`] = [`p(95)<=${PAGE_P95_MS}`];

export const options = {
  scenarios: {
    visitors: {
      executor: 'constant-arrival-rate',
      rate: RATE,
      timeUnit: '1s',
      duration: DURATION,
      preAllocatedVUs: Math.max(10, Math.ceil(RATE / 2)),
      maxVUs: Math.max(50, RATE * 4),
    },
  },
  thresholds,
  summaryTrendStats: ['avg', 'min', 'med', 'p(95)', 'p(99)', 'max', 'count'],
};

const pick = (list) => list[Math.floor(Math.random() * list.length)];
/** One call of a page: its route, path parameters and query. */
const call = (route, params, query) => ({ route, params, query });
const list = (query) => call(routes.auctions.list, {}, query);

/** Auctions and sellers to visit: the newest open ones (and the fixtures' hot auction and members). */
export function setup() {
  const res = http.get(apiUrl(BASE_URL, routes.auctions.list, {}, { page: 1, limit: 100 }));
  if (res.status !== 200) fail(`GET /api/auctions answered ${res.status}: is ${BASE_URL} up?`);
  const auctions = res.json('auctions').map((a) => ({ id: a._id, sellerId: a.seller._id }));
  const userIds = auctions.map((a) => a.sellerId);
  if (fixtures) {
    auctions.push({ id: fixtures.auctionId, sellerId: fixtures.sellerId });
    userIds.push(...fixtures.members.slice(0, 20).map((m) => m.id));
  }
  if (auctions.length === 0) fail(`${BASE_URL} lists no auctions: seed some (npm start seeds demo auctions)`);
  return { auctions, userIds: [...new Set(userIds)] };
}

/** The calls of each page, as the web app makes them (signed out). */
function pageRequests(name, data) {
  if (name === 'home') {
    return [list({ page: 1, limit: 50 }), call(routes.auctions.siteStats), call(routes.content.banners)];
  }
  if (name === 'filters') {
    const page = Math.random() < 0.3 ? 2 : 1;
    return [list({ category: pick(CATEGORIES), timeFilter: pick(TIME_FILTERS), page, limit: 20 })];
  }
  if (name === 'search') return [list({ search: pick(SEARCHES), page: 1, limit: 50 })];
  if (name === 'auction') {
    const auction = pick(data.auctions);
    return [call(routes.auctions.get, { id: auction.id }), call(routes.ratings.stats, { id: auction.sellerId })];
  }
  const user = { id: pick(data.userIds) };
  return [
    call(routes.users.get, user),
    call(routes.users.stats, user),
    call(routes.auctions.bySeller, user),
    call(routes.ratings.list, user),
    call(routes.ratings.stats, user),
  ];
}

export default function (data) {
  let r = Math.random() * TOTAL_WEIGHT;
  const page = PAGES.find((p) => (r -= p.weight) < 0) || PAGES[0];
  const calls = pageRequests(page.name, data);
  const responses = http.batch(
    calls.map(({ route, params, query }) => [
      route.method,
      apiUrl(BASE_URL, route, params, query),
      null,
      { tags: { page: page.name, name: `${page.name} ${route.path}` } },
    ]),
  );
  pageTime.add(Math.max(...responses.map((res) => res.timings.duration)), { page: page.name });
  check(responses, { [`${page.name}: every call answered 200`]: (all) => all.every((res) => res.status === 200) });
}

export function handleSummary(data) {
  return summaryOutputs('browse', data, `k6 browse: ${RATE} pages/s for ${DURATION}`);
}
