import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The web app's import direction (ARCHITECTURE.md): packages/shared ←
 * components, lib ← features ← app, and no feature imports another. Imports
 * are relative, so each rule is written per folder depth: from a file `d`
 * folders below `features/<name>/`, `../` repeated d + 1 times leads into
 * another feature. Static imports, `export … from` and `import()` are checked.
 */
const WEB = 'apps/web/src';
const MAX_DEPTH = 5;
const up = (times) => `^(\\.\\./){${times}}`;

function importRules(restrictions) {
  return {
    'no-restricted-imports': [
      'error',
      { patterns: restrictions.map(({ regex, message }) => ({ regex, message })) },
    ],
    'no-restricted-syntax': [
      'error',
      ...restrictions.map(({ regex, message }) => ({
        selector: `ImportExpression > Literal[value=/${regex.replaceAll('/', '\\/')}/]`,
        message,
      })),
    ],
  };
}

function filesAt(folder, depth) {
  return [`${WEB}/${folder}/${'*/'.repeat(depth)}*.{ts,tsx}`];
}

const webImportDirection = [];
for (let depth = 0; depth < MAX_DEPTH; depth++) {
  webImportDirection.push({
    files: filesAt('features/*', depth),
    rules: importRules([
      {
        regex: `${up(depth + 1)}[^./]`,
        message:
          'A feature never imports another feature: move what both need to components/ or lib/, or compose them in app/.',
      },
      {
        regex: `${up(depth + 2)}app(/|$)`,
        message: 'Features never import app/: app/ composes the features.',
      },
    ]),
  });
  for (const folder of ['components', 'lib']) {
    webImportDirection.push({
      files: filesAt(folder, depth),
      rules: importRules([
        {
          regex: `${up(depth + 1)}(features|app)(/|$)`,
          message: `${folder}/ never imports features/ or app/: pass what it needs in from app/.`,
        },
      ]),
    });
  }
}

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
  ...webImportDirection,
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
