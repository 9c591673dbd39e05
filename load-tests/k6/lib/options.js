// What both k6 scripts read from the environment and the fixtures file.

/** `-e NAME=…` as a number, or the default. */
export function numberEnv(name, fallback) {
  const raw = __ENV[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name}=${raw}: expected a number ≥ 0`);
  return value;
}

/** A k6 duration such as `20s`, `2m` or `1m30s`, in seconds. */
export function durationSeconds(text) {
  const parts = /^(?:(\d+)m)?(?:(\d+)s)?$/.exec(String(text));
  if (!parts || (!parts[1] && !parts[2])) throw new Error(`duration ${text}: expected e.g. 20s, 2m or 1m30s`);
  return Number(parts[1] || 0) * 60 + Number(parts[2] || 0);
}

/**
 * Checks the text of the file `npm run load:prepare` wrote (`{ baseUrl, auctionId, members:
 * [{ id, token }], … }`) and returns it parsed; `path` only names it in messages. The scripts call
 * open() themselves: k6 resolves its relative paths against the calling script's folder.
 */
export function parseFixtures(text, path) {
  const fixtures = JSON.parse(text);
  if (!fixtures.auctionId || !Array.isArray(fixtures.members) || fixtures.members.length === 0) {
    throw new Error(`${path} is not a fixtures file of npm run load:prepare (auctionId, members)`);
  }
  return fixtures;
}

/** Where the fixtures are: FIXTURES, relative to load-tests/k6/ (k6's open()) or absolute. */
export const FIXTURES_PATH = __ENV.FIXTURES || '../results/fixtures.json';

/** BASE_URL, else the fixtures' baseUrl, else http://localhost:3000; without a trailing slash. */
export function baseUrl(fixtures) {
  return (__ENV.BASE_URL || (fixtures && fixtures.baseUrl) || 'http://localhost:3000').replace(/\/+$/, '');
}
