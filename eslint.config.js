import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // labels that wrap their input and a few layers of text
      'jsx-a11y/label-has-associated-control': ['error', { depth: 4 }],
    },
  },
  // Server modules (docs/decisions/0013): another module is reached only through its
  // public.ts; a module's index.ts (its plugin) only by app.ts. Cycles between modules
  // are refused by scripts/check-module-cycles.mjs (npm run lint).
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/**', 'apps/server/src/app.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules/[^/]+(/(?!public$).*)?$',
              message: 'Import another module only through its public.ts (docs/decisions/0013).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/app.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules/[^/]+/(?!public$).+$',
              message:
                "app.ts registers a module's plugin (modules/<name>) and may use its public.ts, nothing else (docs/decisions/0013).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^./][^/]*(/(?!public$).*)?$',
              message:
                'A module imports another module only through its public.ts, never its other files or its plugin (docs/decisions/0013).',
            },
            {
              regex: '(^|/)modules/',
              message: 'Reach another module as ../<name>/public (docs/decisions/0013).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', 'scripts/**', 'bench/**', '**/build.mjs'],
    rules: { 'no-console': 'off' },
  },
);
