import path from 'node:path';
import { cruise, type ICruiseOptions, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import {
  BOUNDARY_RULES,
  CRUISE_OPTIONS,
  MODULE_CYCLE_OPTIONS,
  MODULE_CYCLE_RULES,
} from './boundaries.mjs';

/** A tree with one violation of each rule (and allowed imports beside them). */
const FIXTURE = path.join(import.meta.dirname, 'boundaries-fixture');

async function violations(
  rules: IForbiddenRuleType[],
  options: ICruiseOptions = {},
  roots = ['apps', 'packages', 'bench', 'scripts'],
) {
  const result = await cruise(roots, {
    ...CRUISE_OPTIONS,
    ...options,
    baseDir: FIXTURE,
    validate: true,
    ruleSet: { forbidden: rules },
  });
  if (typeof result.output === 'string') throw new Error('expected a cruise result');
  return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe('the import rules (scripts/boundaries.mjs)', () => {
  it('reject each kind of violation in the fixture, dynamic imports included, and nothing else', async () => {
    const server = 'apps/server/src';
    const web = 'apps/web/src';
    expect(await violations(BOUNDARY_RULES)).toEqual(
      [
        `all-tables-only-for-the-client: ${server}/modules/b/everything.ts → ${server}/db/schema/index.ts`,
        `app-registers-module-plugins: ${server}/app.ts → ${server}/modules/a/a.service.ts`,
        `apps-apart: ${server}/lib/web.ts → ${web}/lib/l.ts`,
        `components-lib-not-features-app: ${web}/components/c.tsx → ${web}/features/admin/two/thing.ts`,
        // a dynamic import
        `components-lib-not-features-app: ${web}/lib/l.ts → ${web}/app/router.tsx`,
        // up one level further than needed and back down through features/
        `feature-not-another-feature: ${web}/features/admin/one/page.tsx → ${web}/features/admin/two/thing.ts`,
        `feature-not-app: ${web}/features/admin/one/page.tsx → ${web}/app/router.tsx`,
        // a dynamic import of another module's insides
        `module-only-through-public: ${server}/modules/a/a.service.ts → ${server}/modules/b/b.service.ts`,
        `module-tables-private: ${server}/modules/a/a.service.ts → ${server}/modules/b/schema.ts`,
        `module-tables-private-outside-modules: ${server}/plugins/p.ts → ${server}/modules/b/schema.ts`,
        `no-cycle: ${server}/lib/x.ts → ${server}/lib/y.ts`,
        // the file cycles the module cycle and the feature → app import make
        `no-cycle: ${server}/modules/a/a.service.ts → ${server}/modules/b/b.service.ts`,
        `no-cycle: ${server}/modules/a/a.service.ts → ${server}/modules/b/public.ts`,
        `no-cycle: ${web}/app/router.tsx → ${web}/features/admin/one/page.tsx`,
        `outside-modules-only-through-public: ${server}/plugins/p.ts → ${server}/modules/a/a.service.ts`,
        `public-face-shows-no-tables: ${server}/modules/a/public.ts → ${server}/modules/a/schema.ts`,
        `shared-imports-no-app: packages/shared/src/s.ts → ${web}/components/c.tsx`,
        // the bench and the scripts: the owners' public.ts only, never a table
        `tools-only-through-public: bench/bench-data.ts → ${server}/modules/b/b.service.ts`,
        `tools-see-no-tables: bench/bench-data.ts → ${server}/modules/b/schema.ts`,
        // a dynamic import
        `tools-see-no-tables: scripts/tool.mjs → ${server}/db/schema/index.ts`,
      ].sort(),
    );
  });

  it('find a cycle between two modules that only a dynamic import closes', async () => {
    expect(await violations(MODULE_CYCLE_RULES, MODULE_CYCLE_OPTIONS)).toEqual([
      'no-module-cycle: apps/server/src/modules/a → apps/server/src/modules/b',
      'no-module-cycle: apps/server/src/modules/b → apps/server/src/modules/a',
    ]);
  });
});
