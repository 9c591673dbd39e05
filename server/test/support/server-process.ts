/**
 * The compiled server (dist/main.js, built by `npm test` before the integration suites) as a real
 * separate process, ready once /api/health answers 200: the repository's one harness,
 * scripts/lib/server-process.cjs (shared with npm start, the browser journeys and the bench).
 */
export { startServerProcess } from '../../../scripts/lib/server-process.cjs';
export type { ServerProcess } from '../../../scripts/lib/server-process.cjs';
