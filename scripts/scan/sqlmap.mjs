/**
 * Debian's sqlmap against one call: --batch (every question answered with its default), one
 * output folder per call under the report folder, and the verdict read from sqlmap's own CSV
 * results file (one row per injection point it confirmed; the header alone when none).
 *
 * Settings, within the suite's few minutes (figures in docs/security.md "Scanners"):
 * - risk 1: none of risk 2/3's heavy time-based queries or OR payloads that could rewrite every
 *   row of a table;
 * - level 2 for the public and member calls: more boundaries and payloads than the default
 *   (about 140 requests a point instead of 40); level 1, sqlmap's default, for the console's
 *   calls (reached only with an operator's admin-session: the account, its password and the
 *   panel password) and the multipart uploads (every accepted request lists an auction or
 *   decodes and stores an image). Level 1 still tries every technique below on every point;
 *   level 2 there would add about 6,200 requests;
 * - techniques BEUST (boolean, error, UNION, stacked, time-based): time-based payloads cost
 *   their delay only where a delay is seen, so on a call that does not inject they are cheap;
 * - --dbms PostgreSQL: the product's only database, so the other engines' payloads are skipped;
 * - the xforwardedfor tamper gives every payload another client address (the product trusts
 *   X-Forwarded-For from loopback, as behind its proxy), so per-address limits do not turn the
 *   scan into a wall of 429s; per-member and per-account limits still apply and are counted in
 *   the report;
 * - --keep-alive: one connection per thread instead of one per request (about 30 % less of the
 *   server's CPU per request).
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TAMPER_DIR = join(dirname(fileURLToPath(import.meta.url)), 'tamper');

/** A call's folder name: "PUT /api/auctions/{id}" → "PUT_api_auctions_id". */
export const folderOf = (name) => name.replace(/[^A-Za-z0-9]+/g, '_').replace(/_+$/, '');

/** sqlmap's note on a point its own confirmation step refuted (the row is written anyway). */
const REFUTED = 'false positive or unexploitable';

/**
 * The CSV results file (header row left out): `injections` sqlmap confirmed, and `refuted`
 * points it suspected and then disproved itself (kept in the report, not a failure: e.g. a
 * boolean difference that was the answer's own clock, serverTime, changing).
 */
export function readFindings(resultsFile) {
  if (!existsSync(resultsFile)) return { injections: [], refuted: [] };
  const [, ...rows] = readFileSync(resultsFile, 'utf8').split(/\r?\n/).filter(Boolean);
  const points = rows.map((row) => {
    const [url, place, parameter, techniques, notes = ''] = row.split(',');
    return { url, place, parameter, techniques, notes };
  });
  return {
    injections: points.filter((p) => !p.notes.includes(REFUTED)),
    refuted: points.filter((p) => p.notes.includes(REFUTED)),
  };
}

/** sqlmap's level for a call (see above). */
export const levelOf = (target) => (target.console || target.upload ? 1 : 2);

/** Requests sqlmap sends a point at each level (measured: docs/security.md "Scanners"). */
const REQUESTS_PER_POINT = { 1: 40, 2: 140 };

/** A call's expected share of the scan, to start the longest first. */
export const costOf = (target) => (target.points ?? 1) * REQUESTS_PER_POINT[levelOf(target)];

/** The arguments of one sqlmap run. */
export function sqlmapArgs(target, outDir) {
  const tamper = ['xforwardedfor', ...target.tamper.map((t) => join(TAMPER_DIR, `${t}.py`))];
  return [
    '-u',
    target.url,
    '--method',
    target.method,
    ...(target.data ? ['--data', target.data] : []),
    '--headers',
    target.headers.join('\n'),
    '--batch',
    `--level=${levelOf(target)}`,
    '--risk=1',
    '--technique=BEUST',
    '--dbms=PostgreSQL',
    `--tamper=${tamper.join(',')}`,
    '--threads=2',
    '--keep-alive',
    '--timeout=15',
    '--retries=1',
    // Answers to judge, not reasons to stop: sqlmap stops at a 401 by default, and at a 404 it
    // skips the call untested (a deletion's record is gone after its first request).
    '--ignore-code=401,404,429',
    '--disable-coloring',
    `--output-dir=${outDir}`,
    `--results-file=${join(outDir, 'results.csv')}`,
  ];
}

/**
 * The injection points sqlmap really tested, from its console output (one "testing for SQL
 * injection on … parameter" line each): fewer than the target's markers means it gave up early
 * (an unreachable page, a connection error) and the call was not scanned. (More is fine: a JSON
 * body without markers, beside a marked path, is marked by sqlmap itself, its booleans too.)
 */
export const testedPoints = (output) => output.match(/testing for SQL injection on .*parameter/g)?.length ?? 0;

/**
 * Runs sqlmap on `target`; its console output goes to <outDir>/sqlmap.txt.
 * @returns {Promise<{ exitCode: number | null, findings: ReturnType<typeof readFindings>, tested: number, outDir: string }>}
 */
export function runSqlmap(target, reportDir) {
  const outDir = join(reportDir, 'sqlmap', folderOf(target.name));
  mkdirSync(outDir, { recursive: true });
  const outputFile = join(outDir, 'sqlmap.txt');
  const output = createWriteStream(outputFile);
  return new Promise((resolve, reject) => {
    const child = spawn('sqlmap', sqlmapArgs(target, outDir), { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(output);
    child.stderr.pipe(output);
    child.on('error', reject);
    child.on('close', (exitCode) => {
      output.end(() =>
        resolve({
          exitCode,
          findings: readFindings(join(outDir, 'results.csv')),
          tested: testedPoints(readFileSync(outputFile, 'utf8')),
          outDir,
        }),
      );
    });
  });
}
