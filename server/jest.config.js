/** Server tests: fast unit specs beside the code, integration suites against real PostgreSQL and Redis. */
const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  moduleNameMapper: { '^@mazad/contracts$': '<rootDir>/../contracts/src' },
};

module.exports = {
  // Per-project testTimeout is ignored by jest; integration suites need real-time waits.
  testTimeout: 60_000,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/setup/global-setup.ts',
      setupFiles: ['<rootDir>/test/setup/worker-database.ts'],
      globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
    },
  ],
};
