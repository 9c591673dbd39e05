/**
 * The repository explains itself (docs/rules.md, "How to use it"):
 * - every rule id cited anywhere (code, comments, tests, docs) is defined in docs/rules.md;
 * - no file cites a document outside the repository (the product specification, its sections,
 *   the architecture and style guides, the tools beside the repository) or an issue number: a
 *   newcomer could not follow either;
 * - every path docs/rules.md and docs/CONTRIBUTING.md name exists, and every symbol docs/rules.md
 *   names in brackets after a path appears in that file.
 * Files are those git tracks or would track (new, not ignored), so a file someone is still
 * writing is checked too.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const RULES_FILE = 'docs/rules.md';
/** Documents whose paths must exist; in the first, also the symbols in brackets after a path. */
const MAPS = [RULES_FILE, 'docs/CONTRIBUTING.md'];
const THIS_FILE = relative(root, fileURLToPath(import.meta.url));

/** Text files worth reading: sources, styles, pages, docs and configuration. */
const TEXT =
  /\.(c?[jt]sx?|mjs|mts|cts|css|html|md|ya?ml|example|conf|py|sh|Dockerfile)$|(^|\/)(Dockerfile|\.gitignore|\.dockerignore|\.prettierignore)$|^\.ci\//;
/** Generated or third-party text that nobody writes by hand. */
const GENERATED = /(^|\/)(node_modules|dist|coverage)\/|^docs\/reports\/|package-lock\.json$/;

function repoFiles() {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return out
    .split('\0')
    .filter((f) => f && TEXT.test(f) && !GENERATED.test(f) && existsSync(join(root, f)))
    .sort();
}

const files = repoFiles();
const read = (file) => readFileSync(join(root, file), 'utf8');

/** `R-` then upper-case words joined by `-`, e.g. R-ANTI-SNIPING. */
const RULE_ID = /\bR-[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*\b/g;

/** The ids docs/rules.md defines: its `### R-…` headings. */
function definedIds() {
  const ids = new Map();
  read(RULES_FILE)
    .split('\n')
    .forEach((line, i) => {
      const m = /^###\s+(R-[A-Z0-9-]+)\s*$/.exec(line);
      if (m) {
        assert.ok(!ids.has(m[1]), `${RULES_FILE}:${i + 1}: ${m[1]} is defined twice`);
        ids.set(m[1], i + 1);
      }
    });
  return ids;
}

/**
 * Citations of what a reader of the repository cannot open: the product specification (by name,
 * file or section number), the architecture and style guides and the tools beside the repository
 * (`../shared/…`), a developers' guide other than docs/CONTRIBUTING.md, a "section N" of some
 * document, an issue number, a § sign.
 */
const OUTSIDE = [
  { name: 'the product specification', re: /\bspecifications?\b/i },
  { name: 'a specification file', re: /\b0[012]-(product|accounts|seller)\b/i },
  // Upper case only: "the architecture of the bid path" cites nothing.
  { name: 'the architecture guide', re: /\bARCHITECTURE\b|\b[Aa]rchitecture guide\b/ },
  { name: 'the style guide', re: /\bSTYLE\.md\b|\bstyle guide\b/i },
  // The folder beside the repository; a relative import of some `shared/` module in the code is not it.
  {
    name: 'the folder beside the repository',
    re: /(?:\.\.\/)+shared\/(?:spec|tools|ARCHITECTURE|STYLE)\b|\/work\/shared\b/,
  },
  { name: "a developers' guide", re: /\bdevelopers?(?:'s|'|’s|’)?\s+guide\b/i },
  { name: 'a specification section', re: /\bspec(?:'s)?\s+(?:\d|section|00\b)/i },
  { name: 'the specification', re: /\b(?:the|product|companion)\s+spec\b(?!\s*(?:file|files|suite)\b)/i },
  { name: 'a section number', re: /\bsections?\s+\d/i },
  { name: 'a companion document', re: /\bcompanion document\b/i },
  { name: 'an issue number', re: /\bissues?\s+#?\d+|\bissue\s+(?:twelve|thirteen|fourteen)\b/i },
  { name: 'a § sign', re: /§/ },
];

/**
 * Lines that match a pattern above without citing anything outside, each with why. Keep it short:
 * a citation is reworded to a rule id or a repository document instead.
 */
const NOT_CITATIONS = [
  // docs/rules.md says where the rules came from, once, so nobody goes looking.
  { file: RULES_FILE, line: /^specification it was written from/ },
];

const allowed = (file, text) => NOT_CITATIONS.some((a) => a.file === file && a.line.test(text.trim()));

describe('rule ids', () => {
  const ids = definedIds();

  it('docs/rules.md defines rules', () => {
    assert.ok(ids.size >= 40, `only ${ids.size} rules in ${RULES_FILE}`);
  });

  it('each rule states itself, where it is enforced and what tests it', () => {
    const sections = read(RULES_FILE)
      .split(/^(?=### )/m)
      .slice(1);
    const incomplete = sections
      .filter((section) => !['**Rule.**', '**Enforced.**', '**Tested.**'].every((part) => section.includes(part)))
      .map((section) => section.split('\n')[0]);
    assert.deepEqual(incomplete, [], `rules without a statement, an enforcement or tests:\n${incomplete.join('\n')}`);
  });

  it('every cited rule id is defined in docs/rules.md', () => {
    const missing = [];
    for (const file of files) {
      if (file === THIS_FILE) continue;
      read(file)
        .split('\n')
        .forEach((line, i) => {
          for (const [id] of line.matchAll(RULE_ID)) {
            if (!ids.has(id)) missing.push(`${file}:${i + 1}: ${id}`);
          }
        });
    }
    assert.deepEqual(missing, [], `rule ids not defined in ${RULES_FILE}:\n${missing.join('\n')}`);
  });
});

describe('no citations of documents outside the repository', () => {
  it('no file cites the product specification, the guides beside the repository, a section or an issue number', () => {
    const found = [];
    for (const file of files) {
      if (file === THIS_FILE) continue;
      read(file)
        .split('\n')
        .forEach((line, i) => {
          for (const { name, re } of OUTSIDE) {
            if (re.test(line) && !allowed(file, line)) found.push(`${file}:${i + 1}: ${name}: ${line.trim()}`);
          }
        });
    }
    assert.deepEqual(
      found,
      [],
      `cite a rule id (docs/rules.md) or a repository document instead:\n${found.join('\n')}`,
    );
  });

  it('the patterns catch what they are meant to catch', () => {
    const cites = (text) => OUTSIDE.some(({ re }) => re.test(text));
    for (const text of [
      '/** Details grid (specification 2.13) */',
      '// spec 2.9: pagination',
      'see 00-product.md',
      '(section 5)',
      ' * Issue 12, "Amounts and prices":',
      '(issue 13 targets)',
      'the companion document',
      '§ 4.5',
      'ARCHITECTURE.md measured that a Redis spin lock starves waiters',
      'as ARCHITECTURE says',
      'see the architecture guide',
      'in the manner of STYLE.md',
      'the k6 binary (`../shared/tools/k6`)',
      'see ../shared/spec/00-product.md',
      '../../shared/ARCHITECTURE.md',
      'the style guide says',
      "the developers' guide",
      "the developer's guide",
      'the developer guide',
    ]) {
      assert.ok(cites(text), text);
    }
    for (const text of [
      'unit specs sit beside code',
      'auth-flow.e2e-spec.ts',
      'a spec file',
      'R-ANTI-SNIPING',
      'docs/adr/ — architecture decisions',
      'the architecture of the bid path',
      "import { money } from '../shared/money';",
      'the stylesheet applies',
      'the house rules in docs/CONTRIBUTING.md',
    ]) {
      assert.ok(!cites(text), text);
    }
  });
});

/** Repository paths in a document: under a top-level folder, without placeholders or globs. */
const TOP = '(?:server|web|admin|contracts|load-tests|scripts|docs|docker)\\/';
const PATH = new RegExp(`(?<![\\w/.-])(${TOP}[\\w@./-]*)`, 'g');
const IS_PATH = new RegExp(`^${TOP}`);
/** A path in backticks followed by `(symbol, symbol…)`: each symbol must be in that file. */
const PATH_WITH_SYMBOLS = /`([\w@./-]+)`\s*\(([^)]*)\)/g;

/** A build output or other ignored path (`server/dist`): a fresh clone has it only after a build. */
function ignored(path) {
  try {
    // With a trailing slash a missing path is taken as a folder, which `dist/` patterns need.
    execFileSync('git', ['check-ignore', '-q', '--no-index', `${path.replace(/\/$/, '')}/`], { cwd: root });
    return true;
  } catch {
    return false;
  }
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** Whether `symbol` is named in `path` (a file's text, or a directory's file names and texts). */
function names(path, symbol) {
  const full = join(root, path);
  if (!statSync(full).isDirectory()) return read(path).includes(symbol);
  return filesUnder(full).some((f) => f.endsWith(`/${symbol}`) || readFileSync(f, 'utf8').includes(symbol));
}

describe('paths and symbols named by the maps', () => {
  for (const doc of MAPS) {
    it(`${doc}: every path exists and names its symbols`, () => {
      const text = read(doc);
      const lineOf = (index) => text.slice(0, index).split('\n').length;
      const problems = [];
      for (const m of text.matchAll(PATH)) {
        // A pattern such as `web/src/features/<name>/` or `input-*.e2e-spec.ts` names no one file.
        if (/[<*{]/.test(text[m.index + m[1].length] ?? '')) continue;
        const path = m[1].replace(/[.,:;]+$/, '');
        if (!existsSync(join(root, path)) && !ignored(path)) {
          problems.push(`${doc}:${lineOf(m.index)}: ${path} does not exist`);
        }
      }
      for (const m of doc === RULES_FILE ? text.matchAll(PATH_WITH_SYMBOLS) : []) {
        const [, path, inside] = m;
        if (!IS_PATH.test(path) || !existsSync(join(root, path))) continue; // not a path, or reported above
        for (const [, symbol] of inside.matchAll(/`([^`]+)`/g)) {
          if (!names(path, symbol)) problems.push(`${doc}:${lineOf(m.index)}: ${path} does not name ${symbol}`);
        }
      }
      assert.deepEqual(problems, [], problems.join('\n'));
    });
  }
});
