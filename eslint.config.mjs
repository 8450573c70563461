// ESLint for the whole repository (flat config). What it guards, in order:
//  1. typescript-eslint's type-checked recommended rules, typed through the project service (tsconfig.json);
//  2. react-hooks: the rules of hooks and the effects' dependency arrays, as errors;
//  3. the layers of docs/architecture as import boundaries, and no import cycles;
//  4. the typed Redux hooks of store/hooks.ts instead of react-redux's plain ones;
//  5. eslint-config-prettier last, so no rule argues with the formatter.
// Type-checking itself stays `npm run typecheck` (TypeScript 7); the type-aware rules here use TypeScript 5.9,
// which has the JavaScript API typescript-eslint needs.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier/flat';

const TS_FILES = ['**/*.ts', '**/*.tsx'];
const JS_FILES = ['**/*.js', '**/*.cjs', '**/*.mjs'];
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', 'test/**', 'server/testing/**'];

// The layers. Each zone: files in `target` may not import files in `from`.
// Paths are relative to the repository root; `except` is relative to its `from`.
const layerZones = [
  {
    target: './api',
    from: ['./features', './src'],
    message: 'api/ is the layer below the features and the shell: it must not import them.',
  },
  {
    target: './api/contract',
    from: './api',
    except: ['./contract'],
    message: 'api/contract is shared by the client and the server: it imports only api/contract.',
  },
  {
    target: './api/contract',
    from: ['./features', './src', './store', './server', './test', './scripts'],
    message: 'api/contract is shared by the client and the server: it imports only api/contract.',
  },
  {
    target: './server',
    from: ['./features', './src', './store'],
    message: 'The server imports nothing of the web app (features/, src/, store/); share through api/contract.',
  },
  {
    target: './ui',
    from: ['./src', './features', './store'],
    message: 'The UI kit (ui/) stands alone: it may use api/contract values but not the shell, features or store.',
  },
  {
    target: './server/domain',
    from: './server/routes',
    message: 'Domain code decides; routes present. A domain file never imports a route.',
  },
];

// Zones for production code only: tests may reach across (a route test renders the whole App; a test builds the
// real store).
const productionZones = [
  {
    target: './features',
    from: './src',
    // The provider seams (Plaid, Stripe) and two small path helpers are for the features (the UI kit is ui/); the rest
    // of src/ (App, layout, guards, route table, entries) is the shell that imports the features.
    except: ['./providers', './routes/safeOrigin.ts', './routes/settingsPaths.ts'],
    message: 'Features do not import the app shell (src/); only the provider seams and the path helpers.',
  },
  {
    target: './api',
    from: './store',
    message: 'api/ sits below the store (the store imports the api): importing the store here makes a cycle.',
  },
  {
    target: './server/routes',
    from: './server/routes',
    // routeDeps.ts is the one place the routes' dependencies are passed in; present.ts and acatShared.ts hold what the
    // routes of one folder share (presenting, offer terms), not routes.
    except: ['./routeDeps.ts', './profile/present.ts', './services/acatShared.ts'],
    message: 'A route file never imports another route file: move what both need to server/domain, server/repositories or server/http.',
  },
];
const ROUTE_ZONE = productionZones[productionZones.length - 1];

const typedHooksRule = [
  'error',
  {
    paths: [
      {
        name: 'react-redux',
        importNames: ['useDispatch', 'useSelector', 'useStore'],
        message: 'Use the typed hooks from store/hooks.ts (useAppDispatch, useAppSelector, useAppStore).',
      },
    ],
  },
];

export default tseslint.config(
  {
    ignores: ['build/**', 'dist/**', 'coverage/**', 'test-results/**', 'node_modules/**', '**/*.d.ts.map'],
  },
  js.configs.recommended,
  {
    files: TS_FILES,
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    files: TS_FILES,
    rules: {
      // Async ports (a sandbox vendor next to its live twin, Fastify handlers, jest's act) keep `async` without an
      // await so that a throw becomes a rejected promise; dropping `async` to please this rule would turn those
      // rejections into synchronous throws, a behaviour change. no-floating-promises and no-misused-promises
      // still catch the async mistakes that matter.
      '@typescript-eslint/require-await': 'off',
      // Callback props and port members are declared as properties (`onClose: () => void`), not methods: they are
      // checked contravariantly, and passing them around is not an unbound-method hazard.
      '@typescript-eslint/method-signature-style': ['error', 'property'],
      // A `let` read by a closure before its one assignment (server/index.ts: the signal handler asks for the
      // server while it starts) must stay a `let`: as a `const` an early read would throw instead of seeing undefined.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // The app uses react-router's declarative <BrowserRouter>, whose navigate() returns nothing; the type says
      // `void | Promise<void>` only for data routers. Every other promise must still be handled.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }] },
      ],
      // The same convention as tsconfig's noUnusedLocals/noUnusedParameters: a leading underscore marks a value
      // kept on purpose (a parameter a signature requires, a property dropped by a rest destructure).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Redux Toolkit's lazy slices are typed by declaration merging: `interface LazyLoadedSlices extends
      // WithSlice<typeof slice> {}` has no members of its own by design.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    // Migrations take Kysely<any>, as Kysely documents: each describes the database at its own point in history,
    // which today's types do not. The dialect's introspector (Kysely's Dialect interface) and the per-database
    // handle map serve any database's Kysely the same way.
    files: ['server/db/migrations/**', 'server/db/pgliteDialect.ts', 'server/events/databaseHandles.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Jest's asymmetric matchers (expect.any, expect.stringMatching, expect.objectContaining) are typed `any` by
    // @types/jest, so each one inside toEqual({...}) would be an "unsafe assignment". Tests only; member access,
    // calls and arguments on `any` stay checked there.
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    // React code only: the server and browser tests have jest helpers named useTestApp/useBrowser that are not
    // React hooks (the rules of hooks would call every top-level use of them an error).
    files: [
      'src/**/*.{ts,tsx}',
      'ui/**/*.{ts,tsx}',
      'features/**/*.{ts,tsx}',
      'store/**/*.{ts,tsx}',
      'api/**/*.{ts,tsx}',
      'test/*.tsx',
      'test/unit/**',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: [...TS_FILES, ...JS_FILES],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.cjs', '.mjs'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...productionZones] }],
      'no-restricted-imports': typedHooksRule,
    },
  },
  {
    files: TEST_FILES,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
    },
  },
  {
    // A route folder's index.ts is its registration place (fastify/demo's autoload, written out): it imports the
    // folder's route files and nothing else.
    files: ['server/routes/*/index.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...productionZones.filter((zone) => zone !== ROUTE_ZONE)] }],
    },
  },
  {
    // No file imports a test file, so a test can never sit on an import cycle: checking them only costs time
    // (no-cycle walks each file's whole import graph; it was a tenth of the lint run).
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    // The one file that defines the typed hooks from the plain ones.
    files: ['store/hooks.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The few plain JavaScript files are CommonJS run by Node (jest's config and environment, a start script).
    files: JS_FILES,
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        exports: 'writable',
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
        __filename: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
  },
  {
    files: ['eslint.config.mjs'],
    languageOptions: { sourceType: 'module' },
  },
  prettier,
);
