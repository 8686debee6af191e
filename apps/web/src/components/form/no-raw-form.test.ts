import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The rule that keeps every form on the kit (eslint-rules/no-raw-form.js), run
 * through the repository's own eslint.config.js on small sources at the paths
 * it judges (the files need not exist).
 */
const root = path.resolve(import.meta.dirname, '../../../../..');
// the sources are not on disk, so no TypeScript project has them: the type-aware rules are off
// here (they have their own test, scripts/typed-lint.test.ts)
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: Object.fromEntries(
      [
        'no-floating-promises',
        'no-misused-promises',
        'await-thenable',
        'switch-exhaustiveness-check',
      ].map((rule) => [`@typescript-eslint/${rule}`, 'off']),
    ),
  },
});

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

// form-like flows without a <form>: a file chosen and sent by a button's click, a period of two
// raw day inputs, a submit button that no <Form> encloses
const RAW_FLOWS = `import { useState } from 'react';
import { Button, SubmitButton } from '../../../../components/ui/button';

export function Upload({ send }: { send: (file: File) => void }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <div>
      <label htmlFor="csv">CSV-Datei</label>
      <input id="csv" type="file" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
      <input aria-label="Von" type="date" />
      <input aria-label="Monat" type={'month'} />
      <Button type="submit" onClick={() => file && send(file)}>Importieren</Button>
      <SubmitButton busy={false}>Senden</SubmitButton>
    </div>
  );
}
`;

// the same on the kit: the submit buttons inside <Form>, also in a condition and a list
const KIT_FLOWS = `import { Form } from '../../../../components/form/form';
import type { SchemaForm } from '../../../../components/form/use-schema-form';
import { Button, SubmitButton } from '../../../../components/ui/button';

export function Upload({ formProps, more }: { formProps: SchemaForm<never, unknown>['formProps']; more: boolean }) {
  return (
    <Form formProps={formProps}>
      <input aria-label="Suche" type="search" />
      {more && <SubmitButton busy={false}>Senden</SubmitButton>}
      {['a', 'b'].map((name) => (
        <Button key={name} type="submit">{name}</Button>
      ))}
      <Button onClick={() => {}}>Abbrechen</Button>
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

  it('refuses form-like flows without a <form>: a raw file or day input, a submit button outside <Form>', async () => {
    const errors = await rawFormErrors(RAW_FLOWS, 'apps/web/src/features/admin/upload/upload.tsx');
    expect(errors.map((error) => [error.line, error.message.split(':')[0]])).toEqual([
      [9, 'Choose a file with the form kit'],
      [10, 'Enter a day or a period with the form kit'],
      [11, 'Enter a day or a period with the form kit'],
      [
        12,
        'A submit button belongs in the form kit’s <Form formProps={…}> (components/form/form.tsx)',
      ],
      [
        13,
        'A submit button belongs in the form kit’s <Form formProps={…}> (components/form/form.tsx)',
      ],
    ]);
    expect(await rawFormErrors(KIT_FLOWS, 'apps/web/src/features/admin/upload/upload.tsx')).toEqual(
      [],
    );
  });

  it('allows the kit itself, the list kit’s GET filter form, and <Form> anywhere', async () => {
    expect(await rawFormErrors(RAW, 'apps/web/src/components/form/form.tsx')).toEqual([]);
    expect(await rawFormErrors(RAW, 'apps/web/src/components/admin/list-params.tsx')).toEqual([]);
    expect(await rawFormErrors(RAW_FLOWS, 'apps/web/src/components/form/file-field.tsx')).toEqual(
      [],
    );
    expect(await rawFormErrors(KIT, 'apps/web/src/features/admin/feedback/feedback.tsx')).toEqual(
      [],
    );
  });
});
