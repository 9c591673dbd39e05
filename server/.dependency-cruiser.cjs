/**
 * Import boundaries of the server (`npm run lint:deps -w server`; docs/CONTRIBUTING.md, "Module
 * boundaries"). Layers: `config/`, `common/` and `infrastructure/` are shared and know no
 * feature, and `common/` (pure helpers) knows no `infrastructure/` (stateful services) either;
 * every other folder of src/ is a feature. A feature uses another feature only
 * through its public surface:
 *   - `<feature>/<feature>.module.ts` (to import the Nest module),
 *   - `<feature>/index.ts` (what the feature offers: services, presenters, commands, guards…),
 *   - `<feature>/events/*.event.ts` (domain events, to react to them),
 *   - `<feature>/entities/` (TypeORM entities, the shared schema).
 * Everything else (commands/, queries/, dto/, engine/, scheduling/, handlers…) is internal.
 * `process.env` outside config/ is an ESLint rule (no-restricted-properties, eslint.config.mjs).
 */
const SHARED = '(?:common|config|infrastructure)';
const FEATURE = `(?!${SHARED}/)[^/]+`;

module.exports = {
  forbidden: [
    {
      name: 'shared-code-knows-no-feature',
      comment: 'common/, config/ and infrastructure/ are used by features and must not depend on one.',
      severity: 'error',
      from: { path: `^src/${SHARED}/` },
      to: { path: `^src/${FEATURE}/` },
    },
    {
      name: 'common-knows-no-infrastructure',
      comment:
        'common/ holds pure helpers (errors, validation, HTTP plumbing, money, crypto) that infrastructure/ builds on; what needs Redis, the database or a queue lives in infrastructure/.',
      severity: 'error',
      from: { path: '^src/common/' },
      to: { path: '^src/infrastructure/' },
    },
    {
      name: 'features-meet-at-their-public-surface',
      comment:
        'Import another feature through its module file, its index.ts, its events/*.event.ts or its entities/ — never its internals.',
      severity: 'error',
      from: { path: `^src/(${FEATURE})/` },
      to: {
        path: `^src/${FEATURE}/`,
        pathNot: [
          '^src/$1/',
          `^src/(${FEATURE})/\\1\\.module\\.ts$`,
          `^src/${FEATURE}/index\\.ts$`,
          `^src/${FEATURE}/events/[^/]+\\.event\\.ts$`,
          `^src/${FEATURE}/entities/`,
        ],
      },
    },
    {
      name: 'bid-engine-knows-not-the-bids-feature',
      comment:
        'The bid engine (bids/engine/) sits below the bids feature that calls it (docs/adr/0007-bid-engine.md): it imports nothing of bids/ outside engine/; what it publishes lives in auctions/events/.',
      severity: 'error',
      from: { path: '^src/bids/engine/' },
      to: { path: '^src/bids/', pathNot: '^src/bids/engine/' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-orphans',
      comment: 'A file that imports nothing and that nobody imports is dead code (entry points and specs excepted).',
      severity: 'error',
      from: {
        orphan: true,
        pathNot: ['\\.spec\\.ts$', '^src/main\\.ts$', '^src/infrastructure/database/migrate\\.ts$', '\\.d\\.ts$'],
      },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(dist|test)/' },
  },
};
