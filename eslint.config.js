import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { boundaryConfig } from './eslint/boundaries.js';
import { contractConfig } from './eslint/contracts.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'data/**', 'test-results/**', '**/*.d.ts', 'eslint/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Feature boundaries and import cycles (DESIGN.md §4; eslint/boundaries.js).
  ...boundaryConfig(import.meta.dirname, [
    'apps/**/*.{ts,tsx}',
    'packages/**/*.ts',
    'bench/**/*.ts',
    'e2e/**/*.ts',
    'scripts/**/*.{ts,mjs}',
    'eslint/*.ts',
  ]),
  // The same rules on a small tree of fixtures (ignored by `npm run lint`; eslint/boundaries.test.ts lints them).
  ...boundaryConfig(path.join(import.meta.dirname, 'eslint/fixtures'), ['eslint/fixtures/**/*.ts']),
  // Web fetchers take paths and schemas from @ulca/contracts (eslint/contracts.js), in the tree and on the fixtures.
  contractConfig(['apps/web/src/**/api/**/*.{ts,tsx}', 'eslint/fixtures/apps/web/src/**/api/**/*.ts']),
);
