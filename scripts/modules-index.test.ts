import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODULES_DOC, renderModulesDoc } from './modules-index.mjs';

// docs/modules.md is read from the code; a module, table, route or page added without
// `npm run modules` makes this fail, so the page never goes stale.
describe('docs/modules.md', () => {
  it('is what the code says (npm run modules writes it anew)', () => {
    expect(fs.readFileSync(MODULES_DOC, 'utf8')).toBe(renderModulesDoc());
  });

  it('names every server module with what it is, and the settlement with its tables', () => {
    const doc = renderModulesDoc();
    for (const name of fs.readdirSync('apps/server/src/modules')) {
      expect(doc).toMatch(new RegExp(`\\| \`${name}\` \\| [^|\\s][^|]* \\|`));
    }
    expect(doc).toMatch(/\| `settlement` \|[^\n]*`payment_runs`[^\n]*\| audit, billing, closing/);
    expect(doc).toContain('| `vendor/dashboard` |');
    expect(doc).toContain('`/vendor/dashboard`');
  });
});
