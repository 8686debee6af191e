import fs from 'node:fs';
import path from 'node:path';
import type { PublicVendor } from '@housnkuh/shared/schemas/directory';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendors } from '../src/modules/vendors/schema';
import { DEFAULT_WEB_DIST } from '../src/lib/paths';
import { createTestApp, type TestApp } from './helpers';

/**
 * The pages as the server renders them from the real web build (npm run build):
 * whatever a producer stored must reach the page data unchanged, and the page
 * around it must stay the template.
 */
let t: TestApp;
let vendorId: string;

beforeAll(async () => {
  expect(
    fs.existsSync(path.join(DEFAULT_WEB_DIST, '..', 'dist-ssr', 'entry-server.js')),
    'the web build with server rendering (npm run build) is needed',
  ).toBe(true);
  t = await createTestApp({
    env: { DEMO_DATA: 'true', WEB_DIST: DEFAULT_WEB_DIST },
    config: { rateLimits: { global: 100_000, forms: 1000, login: 1000, sensitive: 1000 } },
  });
  const list = await t.app.inject({ method: 'GET', url: '/api/vendor-auth/public/profiles' });
  vendorId = list.json<{ vendors: PublicVendor[] }>().vendors[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

function dataScript(html: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, 's').exec(
    html,
  );
  expect(match, `page data ${id}`).not.toBeNull();
  return JSON.parse(match![1]!);
}

/** The vendor as the profile page's data carries it. */
function vendorInPage(html: string): PublicVendor {
  const state = dataScript(html, 'query-state') as {
    queries: { state: { data: unknown } }[];
  };
  const found = state.queries
    .map((query) => query.state.data as { id?: string } | PublicVendor)
    .find((data): data is PublicVendor => (data as { id?: string })?.id === vendorId);
  expect(found, 'the vendor in the page data').toBeDefined();
  return found!;
}

/** Text a producer may have stored: any characters PostgreSQL keeps, with replacement patterns among them. */
const storedText = fc
  .array(
    fc.oneof(
      fc.constantFrom("$'", '$`', '$&', '$$', '$1', '$<name>', '</script>', '</head>', '\u2028'),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((parts) => parts.join('').replaceAll('\u0000', ''))
  .filter((text) => text.trim().length > 0);

describe('server-rendered pages', () => {
  it('carry any stored text byte-identical in the page data, and the template once', async () => {
    const template = await t.app.inject({ method: 'GET', url: '/impressum' });
    expect(template.statusCode).toBe(200);
    const doctypes = (html: string) => html.match(/<!doctype html>/gi)?.length ?? 0;
    expect(doctypes(template.body)).toBe(1);

    let run = 0;
    await fc.assert(
      fc.asyncProperty(storedText, storedText, storedText, async (name, slogan, beschreibung) => {
        await t.database.db
          .update(vendors)
          .set({ unternehmen: name, slogan, beschreibung })
          .where(eq(vendors.id, vendorId));
        // a fresh address per run: the page cache must not answer with an earlier run's page
        const page = await t.app.inject({
          method: 'GET',
          url: `/direktvermarkter/${vendorId}?lauf=${run++}`,
        });
        expect(page.statusCode).toBe(200);
        expect(doctypes(page.body)).toBe(1);
        expect(page.body.match(/<\/html>/g)).toHaveLength(1);
        expect(page.body.match(/id="site-settings"/g)).toHaveLength(1);
        expect(page.body.match(/<title>/g)).toHaveLength(1);
        // the public profile shows the stored text without surrounding blanks, as the API does
        const vendor = vendorInPage(page.body);
        expect(vendor.unternehmen).toBe(name.trim());
        expect(vendor.slogan).toBe(slogan.trim());
        expect(vendor.beschreibung).toBe(beschreibung.trim());
        const api = await t.app.inject({
          method: 'GET',
          url: `/api/vendor-auth/public/profile/${vendorId}`,
        });
        expect(vendor).toEqual(api.json<{ vendor: PublicVendor }>().vendor);
        expect((dataScript(page.body, 'site-settings') as { shopName: string }).shopName).toBe(
          'housnkuh',
        );
      }),
      { numRuns: 40 },
    );
  });

  it('caches a page with $-patterns in its data for everyone unchanged', async () => {
    const text = "Honig $' und $` vom Hof $& $$";
    await t.database.db.update(vendors).set({ beschreibung: text }).where(eq(vendors.id, vendorId));
    const url = `/direktvermarkter/${vendorId}`;
    const first = await t.app.inject({ method: 'GET', url });
    const second = await t.app.inject({ method: 'GET', url });
    for (const page of [first, second]) {
      expect(page.statusCode).toBe(200);
      expect(page.body.match(/<!doctype html>/gi)).toHaveLength(1);
      expect(vendorInPage(page.body).beschreibung).toBe(text);
    }
    expect(second.body).toBe(first.body);
  });
});
