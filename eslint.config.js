import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

/**
 * Who may import whom: the folder table of ../shared/DESIGN.md as zones of `import-x/no-restricted-paths`
 * (each zone: files in `target` may not import from `from`). Tests, browser tests and benches sit
 * outside every zone: they may reach anything they check.
 */
const SRC_FOLDERS = ['app', 'features', 'db', 'domain', 'ui', 'i18n', 'catalog-worker', 'admin'];
const src = (...names) => names.map((name) => `./src/${name}`);
const srcExcept = (...allowed) => src(...SRC_FOLDERS.filter((name) => !allowed.includes(name)));
const BACK_END = ['./server', './sw'];

const zone = (target, from, message) => ({ target, from, message });

const importZones = [
  zone('./schemas', [...src(...SRC_FOLDERS), './replication', ...BACK_END], 'schemas/ imports nothing of ours.'),
  zone('./src/domain', [...srcExcept('domain'), './replication', ...BACK_END], 'src/domain holds pure rules: it imports only schemas/.'),
  zone('./replication', [...srcExcept('domain'), ...BACK_END], 'replication/ imports only schemas/ and src/domain.'),
  // src/db also reads the store view and formats money through src/i18n (a queued order's notice).
  zone('./src/db', [...srcExcept('db', 'domain', 'i18n'), ...BACK_END], 'src/db imports only schemas/, src/domain, replication/ and src/i18n (never the app or features).'),
  zone('./src/features', [...src('app', 'catalog-worker', 'admin'), ...BACK_END], 'Features reach the database through src/db and never import src/app.'),
  zone('./src/catalog-worker', [...srcExcept('catalog-worker', 'db', 'domain'), ...BACK_END], 'The catalogue worker imports only src/db, replication/, schemas/ and src/domain.'),
  zone('./src/ui', [...src('app', 'features', 'db', 'catalog-worker', 'admin'), './replication', ...BACK_END], 'src/ui holds shared presentational components.'),
  zone('./src/i18n', [...srcExcept('i18n', 'domain'), './replication', ...BACK_END], 'src/i18n holds wording.'),
  zone('./src/app', BACK_END, 'The browser app never imports the server.'),
  // The back-office is its own app on its own device store (src/admin/store): it shares only the
  // shared layers with the shop.
  zone('./src/admin', [...src('app', 'features', 'db', 'catalog-worker'), ...BACK_END], 'src/admin imports schemas/, replication/, src/domain, src/ui and src/i18n, never the shop\'s src/db, src/features or src/app, nor the server.'),
  zone('./sw', [...src(...SRC_FOLDERS.filter((name) => name !== 'domain')), './replication', './server'], 'The service worker stands alone.'),
  // The server imports schemas/ and src/domain; its page renderer (server/render) also renders the app's
  // route table with its providers and wording, so it may import src/app, src/ui and src/i18n.
  zone('./server', ['./replication', './sw', ...src('db', 'catalog-worker', 'admin')], 'The server imports schemas/ and src/domain (helpers it shares with views belong in src/domain).'),
  {
    target: './server',
    from: './src/features',
    // The renderer points the app's catalogue reads at this server's own API in-process.
    except: ['./catalog/catalog-api.ts'],
    message: 'The server imports schemas/ and src/domain (helpers it shares with views belong in src/domain).',
  },
  zone(['./server/*.ts', './server/!(render)/**/*'], src('app', 'ui', 'i18n'), 'Only server/render may import the app.'),
  // Test doubles (a fake IndexedDB database, a recording fetch, memory stores) live under tests/: code that
  // ships never reaches them, nor the browser tests or benches.
  zone([...src(...SRC_FOLDERS), './schemas', './replication', ...BACK_END], ['./tests', './e2e', './bench'], 'Code that ships never imports tests/, e2e/ or bench/ (test doubles live in tests/doubles).'),
];

export default tseslint.config(
  { ignores: ['dist/**', 'build/**', 'data/**', 'node_modules/**', 'bench/results/**', 'coverage/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.test.ts', '**/*.spec.ts', 'tests/**', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // The folder table of DESIGN.md ("may import"), held here instead of by memory: see importZones above.
    files: ['**/*.{ts,tsx}'],
    // A test may reach whatever it checks; the zones hold the code that ships.
    ignores: ['**/*.test.{ts,tsx}', 'tests/**', 'e2e/**', 'bench/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      // Without these, import-x reads only .js files' imports and no-cycle sees no TypeScript cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: importZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Views reach the database through src/db's functions and hooks (placeOrder, useCartLines, ...):
    // handing `shop.db` to one of them is fine, reading a collection or property off it, or importing
    // the database library, is not.
    files: ['src/{features,app,ui}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...["MemberExpression[object.type='MemberExpression'][object.property.name='db']", "MemberExpression[object.name='db']"].map((selector) => ({
          selector,
          message: 'Views query the database through src/db (a function or hook there), not off `db` directly.',
        })),
      ],
      // src/db is the only place that imports the database libraries (DESIGN.md's folder table).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(rxdb|dexie)(/|$)', message: 'Views reach the local database through src/db, the only place that imports rxdb or dexie.' },
            {
              regex: '/db/local-state$',
              importNames: ['readLocal', 'readLocalFromStorage', 'modifyLocal', 'writeLocal', 'watchLocal'],
              message: 'Views read local documents through src/db hooks (useLocalDocument, useSettings, ...) and change them through named actions there.',
            },
          ],
        },
      ],
    },
  },
  { files: ['eslint.config.js', 'server/cli/start.js'], ...tseslint.configs.disableTypeChecked },
);
