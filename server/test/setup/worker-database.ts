/**
 * Runs in every test file's environment before it: MAZAD_TEST_DATABASE_URL is the database of
 * the jest worker running the file (global-setup.ts made one per worker), so two files running
 * side by side never see each other's rows.
 */
const urls = (process.env.MAZAD_TEST_DATABASE_URLS ?? '').split(',').filter(Boolean);
if (urls.length) {
  const worker = Number(process.env.JEST_WORKER_ID ?? '1');
  process.env.MAZAD_TEST_DATABASE_URL = urls[(worker - 1) % urls.length];
}
