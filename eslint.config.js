// @ts-check
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A policy of the layers rule: files of layer `from` may not import from the layers named. */
const layer = (from, { mayNotImport }) => ({ from: { element: { type: from } }, disallow: { to: { element: { types: { anyOf: mayNotImport } } } } });

/**
 * The linter: JavaScript's and typescript-eslint's recommended rules everywhere, React's hooks rules where
 * React runs (islands, components, views). Formatting is Prettier's (`npm run format`), not the linter's.
 */
export default tseslint.config(
  { ignores: ['dist/', 'test-results/', 'public/', 'data/', 'node_modules/', 'server/trading/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error', 'debug'] }],
      // A closure that reads a variable assigned later (a lead, a timer) keeps it `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // The code refuses control characters on purpose (in names, messages, file names, paths).
      'no-control-regex': 'off',
    },
  },
  {
    // The rules of hooks and their dependencies (the React Compiler's stricter rules are not used: no compiler here).
    files: ['client/**/*.{ts,tsx}', 'views/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The layers (README.md#layers): an import against the diagram's arrows fails lint. Imports are resolved to
    // files, so a relative path at any depth counts, and `import type` as much as a value import.
    files: ['client/**', 'views/**', 'server/**', 'shared/**'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      // The first pattern a file's folder matches names its layer; `domain` is the rest of server/trading.
      'boundaries/elements': [
        { type: 'api', pattern: 'server/trading/api', partialMatch: false },
        { type: 'db', pattern: 'server/trading/db', partialMatch: false },
        { type: 'domain', pattern: 'server/trading', partialMatch: false },
        { type: 'web', pattern: 'server/web', partialMatch: false },
        { type: 'server', pattern: 'server', partialMatch: false },
        { type: 'client', pattern: 'client', partialMatch: false },
        { type: 'views', pattern: 'views', partialMatch: false },
        { type: 'shared', pattern: 'shared', partialMatch: false },
      ],
      // The refusal vocabulary (`server/trading/errors.ts`): api, domain and db all speak it.
      'boundaries/files': [{ category: 'refusals', pattern: 'server/trading/errors.ts' }],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            layer('shared', { mayNotImport: ['client', 'views', 'web', 'server', 'api', 'domain', 'db'] }),
            layer('client', { mayNotImport: ['views', 'web', 'server', 'api', 'domain', 'db'] }),
            layer('views', { mayNotImport: ['web', 'server', 'api', 'domain', 'db'] }),
            layer('web', { mayNotImport: ['api', 'domain', 'db'] }),
            layer('api', { mayNotImport: ['web', 'views', 'client'] }),
            layer('domain', { mayNotImport: ['api', 'web', 'views', 'client'] }),
            layer('db', { mayNotImport: ['domain', 'api', 'web', 'views', 'client'] }),
            { from: { element: { type: 'db' } }, allow: { to: { file: { categories: 'refusals' } } } },
          ],
        },
      ],
    },
  },
  {
    // The refusal vocabulary imports only shared/ (a sibling in server/trading is the same layer to the rule above).
    files: ['server/trading/errors.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.(?!\\./\\.\\./shared/)', message: 'server/trading/errors.ts imports only shared/ (README.md#layers).' }] }],
    },
  },
  {
    // Pages write money, counts and dates in the person's language through client/lib/format.ts alone
    // (docs/customer-area.md#settings): a locale typed anywhere else is English on a German customer's page.
    files: ['client/**/*.{ts,tsx}', 'views/**/*.tsx'],
    ignores: ['client/lib/format.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]', message: 'Format through client/lib/format.ts (the page’s locale).' },
        { selector: "NewExpression[callee.object.name='Intl'][callee.property.name=/^(DateTimeFormat|NumberFormat)$/]", message: 'Format through client/lib/format.ts (the page’s locale).' },
      ],
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: 'shared/money$', importNames: ['formatAmount', 'formatMoney', 'moneyText'], message: 'Use client/lib/format.ts: it writes the page’s locale.' }] },
      ],
    },
  },
  {
    // Commands and benchmarks print their results.
    files: ['scripts/**', 'bench/**', 'server/main.ts', 'server/commands.ts', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
);
