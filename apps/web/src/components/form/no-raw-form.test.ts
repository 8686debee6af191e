import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The rule that keeps every form on the kit (eslint-rules/no-raw-form.js), run
 * through the repository's own eslint.config.js on small sources at the paths
 * it judges (the files need not exist).
 */
const root = path.resolve(import.meta.dirname, '../../../../..');
const eslint = new ESLint({ cwd: root });

const RAW = `export function Feedback() {
  return (
    <form method="post">
      <button type="submit">Senden</button>
    </form>
  );
}
`;

const KIT = `import { Form } from '../../../../components/form/form';
import type { SchemaForm } from '../../../../components/form/use-schema-form';

export function Feedback({ formProps }: { formProps: SchemaForm<never, unknown>['formProps'] }) {
  return (
    <Form formProps={formProps}>
      <button type="submit">Senden</button>
    </Form>
  );
}
`;

async function rawFormErrors(code: string, file: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'housnkuh/no-raw-form');
}

// the first lint loads ESLint's configuration: more than Vitest's 5 s on a loaded 2-core CI machine
describe('housnkuh/no-raw-form', { timeout: 30_000 }, () => {
  it('refuses a <form> in a feature', async () => {
    const errors = await rawFormErrors(RAW, 'apps/web/src/features/admin/feedback/feedback.tsx');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ severity: 2, line: 3 });
    expect(errors[0]?.message).toContain('form kit');
  });

  it('refuses it in app/ and in shared components outside the kit too', async () => {
    for (const file of ['apps/web/src/app/feedback.tsx', 'apps/web/src/components/admin/x.tsx']) {
      expect(await rawFormErrors(RAW, file), file).toHaveLength(1);
    }
  });

  it('allows the kit itself, the list kit’s GET filter form, and <Form> anywhere', async () => {
    expect(await rawFormErrors(RAW, 'apps/web/src/components/form/form.tsx')).toEqual([]);
    expect(await rawFormErrors(RAW, 'apps/web/src/components/admin/list-params.tsx')).toEqual([]);
    expect(await rawFormErrors(KIT, 'apps/web/src/features/admin/feedback/feedback.tsx')).toEqual(
      [],
    );
  });
});
