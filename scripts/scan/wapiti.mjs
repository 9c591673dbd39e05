/**
 * Debian's wapiti over the whole site. Its crawler finds one page of a single-page app (the
 * links are made by JavaScript), so it is given its start points, in two runs: as the member,
 * every route of the web app (read from web/src/config/paths.ts, the one list of the app's
 * URLs) with real ids and every GET call of the API with its query parameters and real ids; as
 * the operator (admin-login token), the console and its GET calls. The verdict comes from its
 * JSON reports.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../lib/free-port.cjs';
import { ROOT } from '../lib/server-process.cjs';
import { isConsole } from './calls.mjs';

/**
 * Modules: the injection and header checks that apply to this product. Left out: blindsql
 * (time-based SQL: sqlmap's time-based technique covers every call), ssrf and the external
 * endpoints it needs (the scan stays on 127.0.0.1), nikto/buster/backup (file-name guessing
 * against a server that serves only its build folders), brute_login_form (weak-password
 * guessing: the login rate limit is the server's answer and is tested in the security suite).
 */
export const WAPITI_MODULES = [
  'sql',
  'xss',
  'permanentxss',
  'exec',
  'file',
  'redirect',
  'crlf',
  'xxe',
  'methods',
  'http_headers',
  'csp',
  'cookieflags',
];

/**
 * Findings accepted above the informational level, each with its reason. Matched on the
 * category wapiti files it under and a text of its `info`.
 */
export const ACCEPTED = [
  {
    category: 'HTTP Secure Headers',
    info: 'Strict-Transport-Security',
    reason:
      'HSTS is sent on HTTPS requests only (the scan is plain HTTP on 127.0.0.1); held by headers-docs-socket-csp-hsts.e2e-spec.ts',
  },
  {
    category: 'HTTP Secure Headers',
    info: 'X-XSS-Protection',
    reason:
      'helmet sends "X-XSS-Protection: 0" on purpose: current browsers have no XSS filter, the old ones could be turned against the page; the CSP (script-src self and hashes) is the protection',
  },
];

/** The web app's route patterns, from web/src/config/paths.ts. */
export function webRoutes() {
  const source = readFileSync(join(ROOT, 'web', 'src', 'config', 'paths.ts'), 'utf8');
  const block = source.slice(source.indexOf('export const paths'), source.indexOf('} as const'));
  return [...block.matchAll(/\bpath: '([^']+)'/g)].map((m) => m[1]);
}

/**
 * Start points. The member's run (`operator` false): each web route with real ids and each GET
 * call of the API but the console's. The operator's run (`operator` true): the console and its
 * GET calls. Query parameters and ids come from the sqlmap targets (markers removed).
 */
export function startPoints({ url, seller, ownAuction, otherAuction }, sqlmapTargets, doc, { operator }) {
  const idFor = (route) =>
    route.startsWith('/edit-auction') ? ownAuction.id : route.startsWith('/auction') ? otherAuction.id : seller.id;
  const pages = operator
    ? [`${url}/admin/`]
    : webRoutes().map((route) => `${url}${route.replace(/:id\b/, idFor(route))}`);
  const scanned = new Map(
    sqlmapTargets.filter((t) => t.method === 'GET').map((t) => [t.path, t.url.replace(/\*/g, '')]),
  );
  const calls = Object.entries(doc.paths)
    .filter(([path, operations]) => operations.get && isConsole({ path, operation: operations.get }) === operator)
    .map(([path]) => scanned.get(path) ?? `${url}${path}`)
    .filter((call) => !call.includes('{'));
  return [...new Set([...pages, ...calls])];
}

/** Findings above informational that are not accepted, and the accepted ones, from the JSON report. */
export function judge(report) {
  const all = [];
  for (const section of ['vulnerabilities', 'anomalies']) {
    for (const [category, items] of Object.entries(report[section] ?? {})) {
      for (const item of items) all.push({ section, category, ...item, level: Number(item.level) });
    }
  }
  const above = all.filter((f) => f.level > 0);
  const acceptedBy = (f) => ACCEPTED.find((a) => a.category === f.category && String(f.info).includes(a.info));
  return {
    failing: above.filter((f) => !acceptedBy(f)),
    accepted: above.filter(acceptedBy).map((f) => ({ ...f, reason: acceptedBy(f).reason })),
    informational: all.filter((f) => f.level === 0),
  };
}

/**
 * Runs wapiti (at most `maxSeconds`, each module at most a share of it); its console output
 * goes to <reportDir>/<name>/wapiti.txt, its report to <reportDir>/<name>/report.json.
 */
export async function runWapiti({ name, url, token, starts, reportDir, maxSeconds }) {
  const dir = join(reportDir, name);
  // The out-of-band endpoint of the xxe module (wapiti3.ovh by default, asked for its results
  // with every header of the scan, the bearer token included): a port of 127.0.0.1 where nobody
  // listens keeps the scan here; the module's in-band payloads still run.
  const endpoint = `http://127.0.0.1:${await freePort()}/`;
  // wapiti builds every module, and its wapp module downloads its database from the web when
  // none is there; an empty one keeps the scan on 127.0.0.1 (wapp is not among the modules run).
  mkdirSync(join(dir, 'config'), { recursive: true });
  writeFileSync(join(dir, 'config', 'apps.json'), '{}');
  const args = [
    '-u',
    `${url}/`,
    '--scope',
    'folder',
    ...starts.flatMap((s) => ['-s', s]),
    '-m',
    WAPITI_MODULES.join(','),
    '-H',
    `Authorization: Bearer ${token}`,
    '--max-scan-time',
    String(maxSeconds),
    '--max-attack-time',
    String(Math.floor(maxSeconds / 4)),
    '-d',
    '3',
    '-t',
    '15',
    '-f',
    'json',
    '-o',
    join(dir, 'report.json'),
    '--store-session',
    join(dir, 'session'),
    '--store-config',
    join(dir, 'config'),
    '--flush-session',
    '--endpoint',
    endpoint,
    '--no-bugreport',
    '-v',
    '1',
  ];
  const output = createWriteStream(join(dir, 'wapiti.txt'));
  return new Promise((resolve, reject) => {
    const child = spawn('wapiti', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(output);
    child.stderr.pipe(output);
    child.on('error', reject);
    child.on('close', (exitCode) => {
      output.end();
      resolve({ exitCode, reportFile: join(dir, 'report.json'), dir });
    });
  });
}
