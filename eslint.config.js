// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    // Commands and benchmarks print their results.
    files: ['scripts/**', 'bench/**', 'server/main.ts', 'server/commands.ts', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
);
