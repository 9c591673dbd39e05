// One lint configuration for every workspace (`npm run lint`, a suite of `npm test`).
// Layer rules live here (web features, process.env) and in server/.dependency-cruiser.cjs
// (server module boundaries); formatting is Prettier's job, so stylistic rules are off.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const WEB_SRC = 'web/src';
const WEB_FEATURES = `${WEB_SRC}/features`;
const features = readdirSync(new URL(WEB_FEATURES, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * bulletproof-react's boundaries, on resolved paths (so `@/…` and relative imports alike): a
 * feature is used by other features only through its `index.ts`; shared code (components, lib,
 * config) imports no feature and not the app shell; features never import the app shell. The
 * app shell (router, route files, layout) composes features and may import their screens
 * directly, so each route stays its own lazy chunk.
 */
const webBoundaries = [
  {
    target: ['components', 'lib', 'config'].map((folder) => `${WEB_SRC}/${folder}`),
    from: [WEB_FEATURES, `${WEB_SRC}/app`],
    message: 'Shared code must not depend on a feature or on the app shell.',
  },
  { target: WEB_FEATURES, from: `${WEB_SRC}/app`, message: 'Features must not depend on the app shell.' },
  ...features.flatMap((feature) =>
    features
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `${WEB_FEATURES}/${feature}`,
        from: `${WEB_FEATURES}/${other}`,
        except: ['./index.ts'],
        message: 'Import another feature through its public index.ts (@/features/<name>).',
      })),
  ),
];

/**
 * The web app's one data layer: server calls, query keys and cache writes live in each
 * feature's `api/` folder (and the shared client in `lib/`); screens use its hooks and query
 * options. zod is configured once, in `@/lib/zod`.
 */
const ZOD = { name: 'zod', message: "Import { z } from '@/lib/zod' (configured once: jitless for the CSP)." };
const DATA_LAYER =
  "Server calls, query keys and mutations belong in a feature's api/ folder (use its hooks and options).";
const DATA_LAYER_IMPORTS = [
  ZOD,
  { name: '@/lib/api-client', importNames: ['api'], message: DATA_LAYER },
  { name: '@tanstack/react-query', importNames: ['useMutation'], message: DATA_LAYER },
];
const DATA_LAYER_SYNTAX = [
  { selector: 'Literal[value=/^\\/api\\//]', message: `An API path literal. ${DATA_LAYER}` },
  { selector: 'TemplateLiteral[quasis.0.value.raw=/^\\/api\\//]', message: `An API path literal. ${DATA_LAYER}` },
  {
    selector: "Property[key.name='queryKey'][value.type='ArrayExpression']",
    message: `An inline query key. ${DATA_LAYER}`,
  },
  {
    selector: "CallExpression[callee.property.name=/QueryData$/][arguments.0.type='ArrayExpression']",
    message: `An inline query key. ${DATA_LAYER}`,
  },
  { selector: "CallExpression[callee.name='fetch']", message: `A fetch call. ${DATA_LAYER}` },
];
const WEB_DATA_LAYER_HOMES = [
  `${WEB_FEATURES}/*/api/**`,
  `${WEB_SRC}/lib/**`,
  // Plain data the Vite config reads (the first pages' preloaded GETs, written exactly as the
  // client requests them: its test checks each against the client's own request).
  `${WEB_SRC}/app/first-pages.ts`,
];
const WEB_TESTS = [`${WEB_SRC}/**/*.test.{ts,tsx}`, `${WEB_SRC}/testing/**`];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      '**/coverage/**',
      '.data/**',
      'web/e2e/artifacts/**',
      'server/test/artifacts/**',
      'load-tests/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  // Node scripts and tools (.mjs/.cjs/.js): Node globals; CommonJS where the file says so.
  {
    files: ['**/*.{mjs,cjs,js}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs', 'server/jest.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // k6 scripts run in k6's own runtime, which has its own globals.
  {
    files: ['load-tests/k6/**/*.js'],
    languageOptions: { globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly', open: 'readonly' } },
  },
  // Browser journeys run in Node but evaluate callbacks in the page.
  {
    files: ['web/e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  // Server: configuration is read in one place.
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/config/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through server/src/config only.' },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  // Server: a promise nobody awaits loses its failure (an unhandled rejection, a write that never
  // happened). Type-aware, so on server/src only: typed linting of every workspace would cost
  // far more lint time than it finds.
  {
    files: ['server/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  // Front ends: React hooks rules; web feature boundaries.
  {
    files: ['web/src/**/*.{ts,tsx}', 'admin/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    // The two classic hook rules. v7's React Compiler rules (refs, set-state-in-effect …) judge
    // code for the compiler, which this app does not use; they would flag the usual latest-ref
    // pattern.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The plugin's TypeScript extensions and parsers, so no-cycle reads .ts/.tsx modules.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: `${import.meta.dirname}/web/tsconfig.json` }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webBoundaries, basePath: import.meta.dirname }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-imports': ['error', { paths: DATA_LAYER_IMPORTS }],
      'no-restricted-syntax': ['error', ...DATA_LAYER_SYNTAX],
    },
  },
  {
    files: [...WEB_DATA_LAYER_HOMES, ...WEB_TESTS],
    rules: { 'no-restricted-imports': ['error', { paths: [ZOD] }], 'no-restricted-syntax': 'off' },
  },
  {
    files: ['web/src/lib/zod.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  prettier,
);
