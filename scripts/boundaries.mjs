// The house's import rules (ARCHITECTURE.md "Rules of the house", docs/decisions/0013 and
// 0014) for dependency-cruiser, which reads every import on resolved paths: static ones,
// `export … from`, type-only ones and dynamic `import()`. Used by .dependency-cruiser.mjs
// (`npm run lint`) and by scripts/boundaries.test.ts, which runs them on a fixture tree
// with one violation of each kind. Paths are relative to the repository root.

const SERVER = '^apps/server/src/';
const MODULES = `${SERVER}modules/`;
const WEB = '^apps/web/src/';
/** A web feature: features/<area>/<name>/ (areas public, vendor, admin). */
const FEATURE = `${WEB}features/((?:public|vendor|admin)/[^/]+)/`;
const TESTS = ['\\.test\\.tsx?$', '^apps/server/test/', '^apps/web/e2e/'];
/** The bench and the scripts: tools beside the apps, held to the modules' rules like db/seed.ts. */
const TOOLS = '^(bench|scripts)/';

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
export const BOUNDARY_RULES = [
  // ---- the server's modules (docs/decisions/0013) ----
  {
    name: 'module-only-through-public',
    comment:
      'A server module reaches another module only through its public.ts (docs/decisions/0013).',
    severity: 'error',
    from: { path: `${MODULES}([^/]+)/`, pathNot: TESTS },
    to: {
      path: `${MODULES}[^/]+/`,
      // (another module's schema.ts: rule module-tables-private)
      pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/(public|schema)\\.ts$`],
    },
  },
  {
    name: 'outside-modules-only-through-public',
    comment:
      'Plugins, db/, lib/ and the entry points reach a module only through its public.ts (app.ts: rule app-registers-module-plugins).',
    severity: 'error',
    from: { path: SERVER, pathNot: [MODULES, `${SERVER}app\\.ts$`, ...TESTS] },
    to: {
      path: `${MODULES}[^/]+/`,
      pathNot: [
        `${MODULES}[^/]+/public\\.ts$`,
        // the schema index gathers the tables for Drizzle (rule module-tables-private)
        `${MODULES}[^/]+/schema\\.ts$`,
      ],
    },
  },
  {
    name: 'app-registers-module-plugins',
    comment:
      "app.ts registers the modules' plugins (index.ts) and uses their public.ts, nothing else of them.",
    severity: 'error',
    from: { path: `${SERVER}app\\.ts$` },
    to: {
      path: `${MODULES}[^/]+/`,
      pathNot: `${MODULES}[^/]+/(index|public)\\.ts$`,
    },
  },
  {
    name: 'module-tables-private',
    comment:
      "A module's tables (its schema.ts) are its own: only it writes them, and another module asks it through its public.ts (functions and queries, never the tables).",
    severity: 'error',
    from: { path: `${MODULES}([^/]+)/`, pathNot: TESTS },
    to: { path: `${MODULES}[^/]+/schema\\.ts$`, pathNot: `${MODULES}$1/schema\\.ts$` },
  },
  {
    name: 'module-tables-private-outside-modules',
    comment:
      "Outside the modules only the database client and the schema index see the modules' tables (db/seed.ts seeds through the modules' public.ts).",
    severity: 'error',
    from: {
      path: SERVER,
      pathNot: [MODULES, `${SERVER}db/client\\.ts$`, `${SERVER}db/schema/index\\.ts$`, ...TESTS],
    },
    to: { path: `${MODULES}[^/]+/schema\\.ts$` },
  },
  {
    name: 'all-tables-only-for-the-client',
    comment:
      "Every table at once (db/schema/index.ts, Drizzle's schema) is the database client's alone: a module takes its own tables from its schema.ts and asks another through its public.ts, never through the index.",
    severity: 'error',
    from: { path: SERVER, pathNot: [`${SERVER}db/client\\.ts$`, ...TESTS] },
    to: { path: `${SERVER}db/schema/index\\.ts$` },
  },
  {
    name: 'tools-only-through-public',
    comment:
      "The bench and the scripts reach a server module only through its public.ts, as db/seed.ts does: the module's own functions write its tables (a bulk function of the module where the bench needs speed), never the tool (docs/decisions/0013).",
    severity: 'error',
    from: { path: TOOLS, pathNot: TESTS },
    to: {
      path: `${MODULES}[^/]+/`,
      // (a module's schema.ts: rule tools-see-no-tables)
      pathNot: `${MODULES}[^/]+/(public|schema)\\.ts$`,
    },
  },
  {
    name: 'tools-see-no-tables',
    comment:
      "The bench and the scripts never import a table (a module's schema.ts, db/schema/): they write through the modules' public.ts, the bench's bulk data through the owner's bulk functions.",
    severity: 'error',
    from: { path: TOOLS, pathNot: TESTS },
    to: { path: [`${MODULES}[^/]+/schema\\.ts$`, `${SERVER}db/schema/`] },
  },
  {
    name: 'public-face-shows-no-tables',
    comment:
      "A module's public.ts exports functions, queries and types, never its tables (types only: import type).",
    severity: 'error',
    from: { path: `${MODULES}([^/]+)/public\\.ts$` },
    to: { path: `${MODULES}$1/schema\\.ts$`, dependencyTypesNot: ['type-only'] },
  },
  {
    name: 'no-cycle',
    comment: 'No import cycle between files (type-only imports aside).',
    severity: 'error',
    from: { pathNot: TESTS },
    to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
  },

  // ---- the web app (docs/decisions/0014) ----
  {
    name: 'feature-not-another-feature',
    comment:
      'A feature never imports another feature: move what both need to components/ or lib/, or compose them in app/.',
    severity: 'error',
    from: { path: FEATURE },
    to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
  },
  {
    name: 'feature-not-app',
    comment: 'Features never import app/: app/ composes the features.',
    severity: 'error',
    from: { path: `${WEB}features/` },
    to: { path: `${WEB}app/` },
  },
  {
    name: 'components-lib-not-features-app',
    comment:
      'components/ and lib/ never import features/ or app/: pass what they need in from app/.',
    severity: 'error',
    from: { path: `${WEB}(components|lib)/`, pathNot: TESTS },
    to: { path: `${WEB}(features|app)/` },
  },

  // ---- the packages ----
  {
    name: 'shared-imports-no-app',
    comment: 'packages/shared is the domain both apps import; it imports neither.',
    severity: 'error',
    from: { path: '^packages/shared/' },
    to: { path: '^(apps|test-support)/' },
  },
  {
    name: 'apps-apart',
    comment: 'The server and the web app share code only through packages/shared.',
    severity: 'error',
    from: { path: '^apps/server/src/' },
    to: { path: '^apps/web/' },
  },
];

/**
 * The module graph: a cruise of the server's modules only (MODULE_CYCLE_OPTIONS;
 * .dependency-cruiser-modules.mjs), each module folder one node, so a cycle
 * between modules shows, whichever of their files carry it, and one through
 * db/ or plugins/ (which do use the modules) does not.
 */
export const MODULE_CYCLE_RULES = [
  {
    name: 'no-module-cycle',
    comment: 'The server modules form no cycle, dynamic imports included (docs/decisions/0013).',
    severity: 'error',
    scope: 'folder',
    from: { path: `${MODULES}[^/]+$` },
    to: { path: `${MODULES}[^/]+$`, circular: true },
  },
];
export const MODULE_CYCLE_OPTIONS = { includeOnly: MODULES };

/** dependency-cruiser's options for a tree laid out like this repository. */
export const CRUISE_OPTIONS = {
  doNotFollow: { path: 'node_modules' },
  // tests are held to none of the rules: they reach into what they test
  exclude: {
    path: [
      '(^|/)dist(-ssr)?/',
      '(^|/)node_modules/',
      '^apps/server/drizzle/',
      '\\.test\\.tsx?$',
      '^apps/server/test/',
      '^apps/web/e2e/',
      // the tree of deliberate violations (scripts/boundaries.test.ts cruises it on its own)
      '^scripts/boundaries-fixture/',
      '^bench/(\\.cache|results)/',
    ],
  },
  // type-only imports count too (a module's internals are internal for its types as well)
  tsPreCompilationDeps: true,
  combinedDependencies: false,
  enhancedResolveOptions: {
    exportsFields: ['exports'],
    conditionNames: ['import', 'require', 'node', 'default', 'types'],
    extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
  },
  moduleSystems: ['es6', 'cjs'],
};
