// Three projects: unit (jsdom: reducers, selectors, components), server (routes through the real
// app on a real PGlite) and browser (Chromium via playwright-core against a real server).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
// msw 2's dependencies ship ESM only; they must go through the transform under jest on Node 20.
const esmOnly = [
  'msw',
  '@redux-devtools',
  '@mswjs',
  '@bundled-es-modules',
  'rettime',
  'until-async',
  '@open-draft',
  'outvariant',
  'strict-event-emitter',
  'headers-polyfill',
  'is-node-process',
];
const transformIgnorePatterns = [`/node_modules/(?!(${esmOnly.join('|')})/)`];
const transform = { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc };

module.exports = {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: '<rootDir>/test/jsdomEnvironment.js',
      testEnvironmentOptions: { customExportConditions: [''] },
      roots: ['<rootDir>/src', '<rootDir>/ui', '<rootDir>/store', '<rootDir>/api', '<rootDir>/features', '<rootDir>/test/unit'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/test/setupUnit.ts'],
      moduleNameMapper: { '\\.css$': '<rootDir>/test/styleStub.js' },
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server'],
      testMatch: ['**/*.test.ts'],
      // The test time-out (20 s: jest takes testTimeout from the top level only) and the suite's profile.
      setupFilesAfterEnv: ['<rootDir>/server/testing/setupServer.ts'],
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'browser',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/browser'],
      testMatch: ['**/*.test.ts'],
      globalSetup: '<rootDir>/test/browser/globalSetup.ts',
      globalTeardown: '<rootDir>/test/browser/globalTeardown.ts',
      transform,
      transformIgnorePatterns,
    },
  ],
};
