import fs from 'node:fs';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers';

/**
 * docs/routes.md: every route the server has, with who may call it and the
 * module and file that declare it, so a route is found from its URL (the
 * /api/vendor-auth/… routes alone come from several modules). Kept current
 * by this test; after adding or moving a route, write it anew with
 * `npm run routes`.
 */
const INDEX = path.resolve(import.meta.dirname, '../../../docs/routes.md');
const SRC = path.resolve(import.meta.dirname, '../src');

interface Entry {
  method: string;
  url: string;
  access: string;
  file: string;
}

function accessText(config: unknown): string {
  const access = (config as { access?: unknown } | undefined)?.access;
  if (access === undefined) return 'public';
  if (typeof access === 'string') return access;
  const owns = (access as { vendorOwns?: string }).vendorOwns;
  return `vendor, own ${owns ?? '?'}`;
}

/** The first file of the server's source on the stack: the one that declares the route. */
function declaringFile(stack: string): string {
  for (const line of stack.split('\n').slice(1)) {
    const match = /\(?((?:file:\/\/)?\/[^():]+\.ts):\d+:\d+\)?$/.exec(line.trim());
    const file = match?.[1]?.replace(/^file:\/\//, '');
    if (file && file.startsWith(SRC) && !file.endsWith('/app.ts')) return path.relative(SRC, file);
  }
  return '?';
}

function render(entries: Entry[]): string {
  const rows = entries
    .map((e) => {
      const module = /^modules\/([^/]+)\//.exec(e.file)?.[1] ?? e.file.split('/')[0] ?? '';
      return `| ${e.method} | \`${e.url}\` | ${e.access} | ${module} | \`apps/server/src/${e.file}\` |`;
    })
    .join('\n');
  return `# Routes

Every route of the server: method, path, who may call it (\`public\`, \`vendor\`, \`admin\`;
"vendor, own …" = only the producer the item belongs to), the module and the file that declare
it. Written by \`apps/server/test/route-index.test.ts\`, which fails when this list is out of
date; after adding or moving a route run \`npm run routes\`. Access rules: \`plugins/auth.ts\`
(docs/decisions/0013).

| method | path | access | module | file |
|---|---|---|---|---|
${rows}
`;
}

describe('the route index (docs/routes.md)', () => {
  it('lists every route with its access, module and file', async () => {
    const entries: Entry[] = [];
    const t = await createTestApp({
      build: {
        onRoute: (route: RouteOptions) => {
          const methods = ([] as string[]).concat(route.method).filter((m) => m !== 'HEAD');
          const file = declaringFile(new Error().stack ?? '');
          for (const method of methods) {
            entries.push({ method, url: route.url, access: accessText(route.config), file });
          }
        },
      },
    });
    await t.close();
    entries.sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
    expect(entries.filter((e) => e.url.startsWith('/api/')).length).toBeGreaterThan(50);
    expect(entries.filter((e) => e.file === '?')).toEqual([]);
    const text = render(entries);
    if (process.env.UPDATE_ROUTE_INDEX) fs.writeFileSync(INDEX, text);
    expect(
      fs.existsSync(INDEX) ? fs.readFileSync(INDEX, 'utf8') : '',
      'docs/routes.md is out of date: run `npm run routes`',
    ).toBe(text);
    // building the app takes 10 s alone on a 2-core machine, more beside the API fuzz
  }, 60_000);
});
