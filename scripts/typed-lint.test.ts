import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The type-aware rules of eslint.config.js (issue 34) catch what they are there for, on a small
 * source at a path of the server's code, linted through the repository's own configuration. The
 * file is not on disk: it gets TypeScript's default project (allowDefaultProject).
 */
const root = path.resolve(import.meta.dirname, '..');
const file = 'apps/server/src/typed-lint-fixture.ts';

const VIOLATIONS = `async function load(): Promise<number> {
  return 1;
}
export function forgotten() {
  load();
}
export async function notAPromise(n: number) {
  return await n;
}
type Kind = 'shelf' | 'storeroom';
export function placeName(kind: Kind): string {
  switch (kind) {
    case 'shelf':
      return 'Regal';
  }
  return '?';
}
export function wire(button: { on(handler: () => void): void }) {
  button.on(async () => {
    await load();
  });
}
`;

const CLEAN = `async function load(): Promise<number> {
  return 1;
}
export async function awaited() {
  return await load();
}
export function handled() {
  void load().catch(() => undefined);
}
type Kind = 'shelf' | 'storeroom';
export function placeName(kind: Kind): string {
  switch (kind) {
    case 'shelf':
      return 'Regal';
    case 'storeroom':
      return 'Lager';
  }
}
`;

async function typedErrors(code: string) {
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: {
      files: [file],
      languageOptions: { parserOptions: { projectService: { allowDefaultProject: [file] } } },
    },
  });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => `${message.line} ${message.ruleId}`);
}

// loading ESLint's configuration and TypeScript takes seconds on a loaded 2-core machine
describe('the type-aware lint rules', { timeout: 90_000 }, () => {
  it('catch a floating promise, an await of a non-promise, a forgotten case, a promise where void is expected', async () => {
    expect(await typedErrors(VIOLATIONS)).toEqual([
      '5 @typescript-eslint/no-floating-promises',
      '8 @typescript-eslint/await-thenable',
      '12 @typescript-eslint/switch-exhaustiveness-check',
      '19 @typescript-eslint/no-misused-promises',
    ]);
    expect(await typedErrors(CLEAN)).toEqual([]);
  });
});
