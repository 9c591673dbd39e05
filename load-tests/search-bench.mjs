#!/usr/bin/env node
/**
 * Search on a full market (R-SEARCH, docs/performance.md "Search on 100,000 auctions"): creates its own database
 * (migrated from server/dist), fills it with `--auctions` (100,000) realistic Arabic listings,
 * starts one product server from server/dist on it, and times GET /api/auctions for typical
 * searches (1-3 words, common and rare, digits, a category, a sort, a price range) and the
 * plain browse orders, end to end over HTTP, and separately the handler's own statements
 * (server/dist's auctionSearchStatement for a search: the page and its total in one statement;
 * auctionListQueries without one: a COUNT and the page) on the database. Drops the database and
 * clears its Redis prefix at the end (`--keep` keeps it, to look at plans).
 *
 *   npm run build -w contracts && npm run build -w server
 *   node load-tests/search-bench.mjs [--auctions 100000] [--runs 40] [--port-base 49100] [--json out.json]
 *
 * The listings are generated from a fixed seed: the same command gives the same market.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { searchQuery } from '@mazad/contracts';
import { ROOT } from '../scripts/lib/server-process.cjs';
import { createEnvironment } from './lib/environment.mjs';
import { percentile, round } from './lib/stats.mjs';

const require = createRequire(import.meta.url);

const { values: options } = parseArgs({
  options: {
    auctions: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '40' },
    'port-base': { type: 'string' },
    json: { type: 'string' },
    // Keeps the seeded database (its URL is printed) instead of dropping it, to look at plans.
    keep: { type: 'boolean', default: false },
  },
});
const AUCTIONS = Number(options.auctions);
const RUNS = Number(options.runs);
const P95_TARGET_MS = 50;

/** A small deterministic generator (mulberry32): the same market on every run. */
function generator(seed) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  // Skewed choice: the first entries of a list come up far more often (as real vocabularies do).
  const pick = (list) => list[Math.min(list.length - 1, Math.floor(list.length * next() ** 1.6))];
  const some = (list, min, max) => Array.from({ length: int(min, max) }, () => pick(list));
  return { next, int, pick, some };
}

const arabicIndic = (text) => String(text).replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));

const AREAS = [
  'عبدون',
  'الصويفية',
  'خلدا',
  'دابوق',
  'الجبيهة',
  'تلاع العلي',
  'جبل عمان',
  'الشميساني',
  'ماركا',
  'طبربور',
  'أم السماق',
  'الرابية',
  'الدوار السابع',
  'شفا بدران',
  'أبو نصير',
  'إربد',
  'الزرقاء',
  'العقبة',
  'السلط',
  'مادبا',
];
const COMMON = [
  'السعر قابل للتفاوض',
  'التواصل عبر الرسائل فقط',
  'الاستلام من عمان',
  'بحالة ممتازة وبسعر مغري',
  'استعمال خفيف',
  'مع الكرتونة الأصلية',
  'الدفع نقداً عند الاستلام',
  'لا يوجد أي عيوب',
  'يوجد توصيل لجميع المحافظات',
  'الكفالة سارية',
  'للجادين فقط',
  'سبب البيع السفر',
  'المعاينة بعد الساعة الخامسة',
  'فرصة لا تعوض',
  'نظيف جداً',
  'بحالة الوكالة',
  'البيع بداعي الحاجة',
  'يوجد مجال للبدل',
  'الصور حقيقية',
  'تم الفحص',
];
const CATEGORIES = {
  سيارات: (r) => {
    const [brand, models] = r.pick([
      ['تويوتا', ['كامري', 'كورولا', 'بريوس', 'لاندكروزر', 'هايلكس']],
      ['هيونداي', ['النترا', 'سوناتا', 'توسان', 'أكسنت']],
      ['كيا', ['سيراتو', 'سبورتاج', 'أوبتيما', 'بيكانتو']],
      ['مرسيدس', ['E200', 'C180', 'S350']],
      ['نيسان', ['صني', 'التيما', 'باترول']],
      ['بي إم دبليو', ['520', 'X5', '320']],
      ['ميتسوبيشي', ['لانسر', 'باجيرو']],
      ['فورد', ['فيوجن', 'اكسبلورر']],
      ['هوندا', ['سيفيك', 'أكورد']],
      ['شيفروليه', ['كروز', 'ماليبو']],
    ]);
    const model = r.pick(models);
    const year = r.int(2005, 2024);
    const shownYear = r.next() < 0.3 ? arabicIndic(year) : year;
    const title = r.pick([
      `${brand} ${model} موديل ${shownYear}`,
      `سيارة ${brand} ${model} ${shownYear} للبيع`,
      `${brand} ${model} ${shownYear} ${r.pick(['بنزين', 'هايبرد', 'كهرباء', 'ديزل'])}`,
    ]);
    const extra = [
      `${r.pick(['لون أبيض', 'لون أسود', 'لون فضي', 'لون رمادي', 'لون أحمر'])}`,
      `ممشى ${r.int(10, 300)} ألف كم`,
      r.pick(['جمرك جديد', 'فحص كامل', 'ماتور نظيف', 'فتحة سقف', 'جير أوتوماتيك', 'تأمين شامل']),
    ];
    return { title, extra };
  },
  عقارات: (r) => {
    const type = r.pick(['شقة', 'فيلا', 'أرض', 'محل تجاري', 'مكتب', 'استوديو', 'مزرعة', 'عمارة']);
    const purpose = r.pick(['للبيع', 'للإيجار', 'للإيجار السنوي', 'للإيجار الشهري']);
    const title = `${type} ${purpose} في ${r.pick(AREAS)}`;
    const extra = [
      `${r.int(1, 5)} غرف نوم`,
      `مساحة ${r.int(60, 900)} متر مربع`,
      `الطابق ${r.next() < 0.4 ? arabicIndic(r.int(0, 8)) : r.int(0, 8)}`,
      r.pick(['تشطيب سوبر ديلوكس', 'قريبة من الخدمات', 'إطلالة مميزة', 'مع موقف سيارة', 'تدفئة مركزية']),
    ];
    return { title, extra };
  },
  إلكترونيات: (r) => {
    const [device, models] = r.pick([
      ['ايفون', ['11', '12', '13 برو', '14 برو ماكس', '15', 'XR']],
      ['سامسونج جالاكسي', ['S21', 'S22 الترا', 'A54', 'نوت 20']],
      ['لابتوب', ['ديل', 'لينوفو', 'اتش بي', 'ايسر', 'اسوس']],
      ['ماك بوك', ['اير M1', 'برو M2']],
      ['بلايستيشن', ['4', '5']],
      ['شاشة', ['سامسونج 55 انش', 'ال جي 65 انش']],
      ['كاميرا', ['كانون', 'نيكون', 'سوني']],
      ['ايباد', ['اير', 'برو', 'ميني']],
      ['سماعات', ['ابل', 'سوني', 'جي بي ال']],
    ]);
    const title =
      `${device} ${r.pick(models)} ${r.pick(['', '128 جيجا', '256 جيجا', 'مستعمل', 'جديد بالكرتونة'])}`.trim();
    const extra = [r.pick(['البطارية 90%', 'بدون خدوش', 'مع الشاحن الأصلي', 'كفالة سنة', 'نسخة الشرق الأوسط'])];
    return { title, extra };
  },
  أثاث: (r) => {
    const title = `${r.pick(['كنب', 'غرفة نوم', 'طاولة سفرة', 'خزانة', 'سرير', 'مكتبة', 'كراسي', 'ثلاجة', 'غسالة', 'فرن غاز', 'مكيف'])} ${r.pick(['خشب زان', 'جلد طبيعي', 'مستعمل', 'جديد', 'تركي', 'صيني'])}`;
    return { title, extra: [r.pick(['القياس 2 متر', 'لون بني', 'قطعة واحدة', 'مع التركيب'])] };
  },
  أزياء: (r) => ({
    title: `${r.pick(['فستان سهرة', 'بدلة رجالية', 'حذاء رياضي', 'جاكيت جلد', 'عباية', 'شنطة يد', 'قميص قطن'])} ${r.pick(['مقاس M', 'مقاس L', 'نايك', 'أديداس', 'زارا', 'جديد'])}`,
    extra: [r.pick(['لبس مرة واحدة', 'أصلي', 'صناعة تركية'])],
  }),
  إكسسوارات: (r) => ({
    title: r.pick([
      'ساعة رولكس',
      'ساعة كاسيو',
      'خاتم ذهب عيار 21',
      'نظارة شمسية',
      'سوار فضة',
      'عقد لؤلؤ',
      'ساعة يد سويسرية',
    ]),
    extra: [r.pick(['مع الفاتورة', 'أصلية', 'هدية مميزة'])],
  }),
  متنوعة: (r) => ({
    title: r.pick([
      'دراجة هوائية',
      'كتب جامعية',
      'أدوات رياضية',
      'ألعاب أطفال',
      'معدات تخييم',
      'آلة عود',
      'جهاز مشي',
      'طقم زمرد',
    ]),
    extra: [r.pick(['للمبتدئين', 'استعمال بسيط', 'كاملة'])],
  }),
  تبرعات: (r) => ({
    title: r.pick(['ملابس أطفال للتبرع', 'كتب مدرسية للتبرع', 'أثاث مستعمل للتبرع']),
    extra: [r.pick(['للأسر المحتاجة', 'مجاناً'])],
  }),
};
const CATEGORY_NAMES = Object.keys(CATEGORIES);

/** One listing: title, description (80–700 characters), category, price (fils), end and state. */
function listing(r) {
  const category =
    CATEGORY_NAMES[Math.min(CATEGORY_NAMES.length - 1, Math.floor(r.next() ** 1.3 * CATEGORY_NAMES.length))];
  const { title, extra } = CATEGORIES[category](r);
  const sentences = [...extra, ...r.some(COMMON, 2, 10)];
  let description = `${title}. ${sentences.join('، ')}.`;
  while (description.length < 80) description += ` ${r.pick(COMMON)}.`;
  description = description.slice(0, 700);
  const priceFils = r.int(1, 60_000) * 1000 + (r.next() < 0.2 ? r.int(1, 999) : 0);
  const roll = r.next();
  // 85 % open (ending within 30 days), 5 % just sold (listed for 10 minutes), 10 % archived.
  const state = roll < 0.85 ? 'open' : roll < 0.9 ? 'sold' : 'archived';
  return { title: title.slice(0, 100), description, category, priceFils, endsIn: r.int(60, 30 * 86_400), state };
}

async function seed(db, sellerIds) {
  const r = generator(20261128);
  const BATCH = 2000;
  for (let done = 0; done < AUCTIONS; done += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, AUCTIONS - done) }, () => listing(r));
    await db.query(
      `INSERT INTO auctions (seller_id, title, description, category, status, images, starting_price_fils,
                             current_price_fils, auction_duration, start_time, end_time, ended_at, archived_at, created_at)
       SELECT s.seller, s.title, s.description, s.category,
              CASE s.state WHEN 'open' THEN 'نشط' ELSE 'مباع' END, '{}', s.price, s.price, '30d',
              now() - interval '1 day',
              CASE s.state WHEN 'open' THEN now() + make_interval(secs => s.ends_in) ELSE now() - interval '2 minutes' END,
              CASE s.state WHEN 'open' THEN NULL ELSE now() - interval '2 minutes' END,
              CASE s.state WHEN 'archived' THEN now() END,
              now() - make_interval(secs => ($8 + s.n)::double precision)
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::int[])
              WITH ORDINALITY AS s(seller, title, description, category, state, price, ends_in, n)`,
      [
        rows.map((_, i) => sellerIds[(done + i) % sellerIds.length]),
        rows.map((x) => x.title),
        rows.map((x) => x.description),
        rows.map((x) => x.category),
        rows.map((x) => x.state),
        rows.map((x) => x.priceFils),
        rows.map((x) => x.endsIn),
        done,
      ],
    );
    process.stdout.write(`\rseeded ${done + rows.length} / ${AUCTIONS}`);
  }
  process.stdout.write('\n');
  await db.query('VACUUM ANALYZE auctions');
}

/** The searches a member types (1-3 words, common and rare), and the list pages without one. */
const SEARCHES = [
  { name: 'common word', query: { search: 'سيارة' } },
  { name: 'common word with «ال»', query: { search: 'الشقة' } },
  { name: 'very common word', query: { search: 'للبيع' } },
  { name: 'two words, any order', query: { search: 'عبدون شقة' } },
  { name: 'two words', query: { search: 'تويوتا كامري' } },
  { name: 'three words', query: { search: 'شقة للإيجار عبدون' } },
  { name: 'three words with a number', query: { search: 'ايفون 13 برو' } },
  { name: 'Arabic-Indic year', query: { search: 'كامري ٢٠١٨' } },
  { name: 'rare word', query: { search: 'زمرد' } },
  { name: 'rare two words', query: { search: 'كاميرا كانون' } },
  { name: 'word typed in part', query: { search: 'سيار' } },
  { name: 'nothing found', query: { search: 'طائرة شراعية' } },
  { name: 'in a category', query: { search: 'تويوتا', category: 'سيارات' } },
  { name: 'sorted by price', query: { search: 'شقة', sort: 'price_asc' } },
  { name: 'in a price range', query: { search: 'سيارة', minPrice: 5000, maxPrice: 15000 } },
];
const BROWSE = [
  { name: 'home (ending, 50)', query: { limit: 50 } },
  { name: 'newest', query: { sort: 'newest' } },
  { name: 'price, in a category', query: { sort: 'price_asc', category: 'عقارات' } },
  { name: 'price range', query: { minPrice: 100, maxPrice: 500 } },
];

async function time(fn) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function measure(cases, { httpUrl, dataSource, auctionListQueries, auctionSearchStatement }) {
  // The statements the handler runs (list-auctions.handler.ts): one for a search, a COUNT and a
  // page side by side without one; not the loading and presenting of the page's 20 auctions.
  const handlerStatements = (filters) => {
    if (filters.search && searchQuery(filters.search) !== null)
      return dataSource.query(...auctionSearchStatement(dataSource, filters));
    const { count, page } = auctionListQueries(dataSource, filters);
    return Promise.all([count.getRawOne(), page.getMany()]);
  };
  const results = [];
  for (const c of cases) {
    const url = `${httpUrl}/api/auctions?${new URLSearchParams(Object.entries(c.query).map(([k, v]) => [k, String(v)]))}`;
    const filters = { page: 1, limit: 20, ...c.query };
    let total = 0;
    const http = [];
    const db = [];
    for (let run = -3; run < RUNS; run++) {
      // Three warm-up runs (not counted): plans cached, pages in memory, as for any live search.
      const elapsed = await time(async () => {
        const res = await fetch(url);
        if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
        total = (await res.json()).pagination.total;
      });
      const statements = await time(() => handlerStatements(filters));
      if (run >= 0) {
        http.push(elapsed);
        db.push(statements);
      }
    }
    results.push({
      name: c.name,
      query: c.query,
      total,
      http: { p50: percentile(http, 50), p95: percentile(http, 95), max: round(Math.max(...http)) },
      statements: { p50: percentile(db, 50), p95: percentile(db, 95) },
    });
  }
  return results;
}

function print(title, results) {
  console.log(`\n${title}`);
  console.log('| case | query | found | HTTP p50 | HTTP p95 | HTTP max | SQL p50 | SQL p95 |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|');
  for (const r of results)
    console.log(
      `| ${r.name} | \`${Object.entries(r.query)
        .map(([k, v]) => `${k}=${v}`)
        .join(
          '&',
        )}\` | ${r.total} | ${r.http.p50} | ${r.http.p95} | ${r.http.max} | ${r.statements.p50} | ${r.statements.p95} |`,
    );
}

async function main() {
  const portBase = options['port-base'] ? Number(options['port-base']) : undefined;
  const environment = await createEnvironment({
    portBase,
    metricsPortBase: portBase ? portBase + 10 : undefined,
    databasePrefix: 'mazad_search_bench',
  });
  const { DataSource } = require(join(ROOT, 'node_modules', 'typeorm'));
  const dist = (path) => require(join(ROOT, 'server', 'dist', ...path.split('/')));
  const { dataSourceOptions } = dist('infrastructure/database/data-source-options.js');
  const { auctionListQueries, auctionSearchStatement } = dist(
    'auctions/queries/list-auctions/list-auctions.handler.js',
  );
  let dataSource;
  try {
    const sellers = await environment.createMembers(200, 'بائع');
    const seeding = await time(() =>
      seed(
        environment.db,
        sellers.map((s) => s.id),
      ),
    );
    const { rows: size } = await environment.db.query(
      `SELECT count(*)::int AS auctions, pg_size_pretty(pg_total_relation_size('auctions')) AS table_size,
              pg_size_pretty(pg_relation_size('auctions_search_idx')) AS search_index_size
         FROM auctions`,
    );
    console.log(`seeded in ${round(seeding / 1000)} s:`, size[0]);
    // The api role alone: a worker would schedule an end job for each of the open auctions at
    // start-up, which is not what is measured here.
    const server = await environment.startServer({ timeoutMs: 120_000, env: { MAZAD_ROLES: 'api' } });
    // Every entity of server/dist, as the server's module loads them (the page joins seller and winner).
    const entities = [join(ROOT, 'server', 'dist', '**', 'entities', '*.entity.js')];
    dataSource = await new DataSource({ ...dataSourceOptions(environment.databaseUrl), entities }).initialize();
    const context = { httpUrl: server.url, dataSource, auctionListQueries, auctionSearchStatement };
    const searches = await measure(SEARCHES, context);
    const browse = await measure(BROWSE, context);
    print(`Searches (${RUNS} runs each, one client, sequential)`, searches);
    print('Browse without a search', browse);
    const worst = Math.max(...searches.map((r) => r.http.p95));
    console.log(`\nworst search p95 over HTTP: ${worst} ms (target < ${P95_TARGET_MS} ms)`);
    if (options.json)
      writeFileSync(
        options.json,
        JSON.stringify({ auctions: AUCTIONS, runs: RUNS, size: size[0], searches, browse }, null, 2),
      );
    process.exitCode = worst < P95_TARGET_MS ? 0 : 1;
  } finally {
    await dataSource?.destroy();
    if (options.keep) {
      await environment.stopServers();
      await environment.db.end();
      console.log(`kept: ${environment.databaseUrl} (drop it when done)`);
    } else await environment.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
