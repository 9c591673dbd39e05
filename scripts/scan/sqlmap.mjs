/**
 * Debian's sqlmap against one call: --batch (every question answered with its default), one
 * output folder per call under the report folder, and the verdict read from sqlmap's own CSV
 * results file (one row per injection point it confirmed; the header alone when none).
 *
 * Settings, within the suite's few minutes:
 * - level 2, risk 1: more boundaries and payloads than the default, none of risk 2/3's
 *   heavy time-based queries or OR payloads that could rewrite every row of a table;
 * - techniques BEUST (boolean, error, UNION, stacked, time-based): time-based payloads cost
 *   their delay only where a delay is seen, so on a call that does not inject they are cheap;
 * - --dbms PostgreSQL: the product's only database, so the other engines' payloads are skipped;
 * - the xforwardedfor tamper gives every payload another client address (the product trusts
 *   X-Forwarded-For from loopback, as behind its proxy), so per-address limits do not turn the
 *   scan into a wall of 429s; per-member and per-account limits still apply and are counted in
 *   the report.
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
    '--level=2',
    '--risk=1',
    '--technique=BEUST',
    '--dbms=PostgreSQL',
    `--tamper=${tamper.join(',')}`,
    '--threads=2',
    '--timeout=15',
    '--retries=1',
    // 401 and 429 are answers to judge, not reasons to stop (sqlmap stops at a 401 by default).
    '--ignore-code=401,429',
    '--disable-coloring',
    `--output-dir=${outDir}`,
    `--results-file=${join(outDir, 'results.csv')}`,
  ];
}

/**
 * Runs sqlmap on `target`; its console output goes to <outDir>/sqlmap.txt.
 * @returns {Promise<{ exitCode: number | null, findings: ReturnType<typeof readFindings>, outDir: string }>}
 */
export function runSqlmap(target, reportDir) {
  const outDir = join(reportDir, 'sqlmap', folderOf(target.name));
  mkdirSync(outDir, { recursive: true });
  const output = createWriteStream(join(outDir, 'sqlmap.txt'));
  return new Promise((resolve, reject) => {
    const child = spawn('sqlmap', sqlmapArgs(target, outDir), { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(output);
    child.stderr.pipe(output);
    child.on('error', reject);
    child.on('close', (exitCode) => {
      output.end();
      resolve({ exitCode, findings: readFindings(join(outDir, 'results.csv')), outDir });
    });
  });
}
