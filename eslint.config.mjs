// One lint configuration for every workspace (`npm run lint`, a suite of `npm test`).
// Layer rules live here (web features, process.env) and in server/.dependency-cruiser.cjs
// (server module boundaries); formatting is Prettier's job, so stylistic rules are off.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB_FEATURES = 'web/src/features';
const features = readdirSync(WEB_FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * bulletproof-react's boundaries, on the `@/` paths the web app uses for anything outside the
 * current folder: a feature is used by other features only through its `index.ts`
 * (`@/features/<name>`, never `@/features/<name>/…`); shared code (components, lib, config)
 * imports no feature and not the app shell; features never import the app shell. The app shell
 * (router, route files, layout) composes features and may import their screens directly, so
 * each route stays its own lazy chunk. zod is configured once, in `@/lib/zod`.
 */
const ZOD = { name: 'zod', message: "Import { z } from '@/lib/zod' (configured once: jitless for the CSP)." };
const APP_SHELL = {
  group: ['@/app', '@/app/**'],
  message: 'Features and shared code must not depend on the app shell.',
};
const featureBoundaries = features.map((feature) => ({
  files: [`${WEB_FEATURES}/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [ZOD],
        patterns: [
          APP_SHELL,
          {
            group: ['@/features/*/**', `!@/features/${feature}/**`],
            message: 'Import another feature through its public index.ts (@/features/<name>).',
          },
        ],
      },
    ],
  },
}));

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
    rules: { 'no-restricted-imports': ['error', { paths: [ZOD] }] },
  },
  {
    files: ['web/src/{components,lib,config}/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ZOD],
          patterns: [
            APP_SHELL,
            { group: ['@/features', '@/features/**'], message: 'Shared code must not depend on a feature.' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/lib/zod.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  ...featureBoundaries,
  prettier,
);
