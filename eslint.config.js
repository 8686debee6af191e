import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import housnkuh from './eslint-rules/no-raw-form.js';

// Import boundaries (modules through public.ts, features apart, no cycles) are
// dependency-cruiser's: .dependency-cruiser.mjs and scripts/boundaries.mjs.

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'apps/server/drizzle/**',
      'test-results/**',
      // a tree of deliberate violations for the boundary rules' test
      'scripts/boundaries-fixture/**',
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
  // Type-aware rules on the server's and the web's code (issue 34): a promise nobody awaits or
  // catches, a promise where a callback's void is expected, an await of a non-promise, a switch
  // over a union that forgets a case. They read the types through each file's tsconfig.
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  // Every form is built with the form kit (no <form>, file or day input, or submit button
  // outside it), except the GET filter form of the admin list kit and the SubmitButton's
  // definition: eslint-rules/no-raw-form.js.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/components/form/**',
      'apps/web/src/components/admin/list-params.tsx',
      'apps/web/src/components/ui/button.tsx',
    ],
    plugins: { housnkuh },
    rules: { 'housnkuh/no-raw-form': 'error' },
  },
  {
    files: ['**/*.mjs', 'scripts/**', 'bench/**', '**/build.mjs'],
    rules: { 'no-console': 'off' },
  },
);
