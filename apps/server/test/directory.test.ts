import { addDays } from '@housnkuh/shared/format';
import { directoryResponseSchema, type PublicVendor } from '@housnkuh/shared/schemas/directory';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_VENDORS } from '../src/db/demo-data';
import { contracts } from '../src/modules/contracts/schema';
import { vendors } from '../src/modules/vendors/schema';
import { createTestApp, pinDay, type TestApp } from './helpers';

// the day the file's tests run on (10:00 in Kronach): none of them sees it change
const today = pinDay();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { DEMO_DATA: 'true' },
    config: { rateLimits: { global: 100_000, forms: 1000, login: 1000, sensitive: 1000 } },
  });
});
afterAll(async () => {
  await t.close();
});

async function list(query = '') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/vendor-auth/public/profiles${query}`,
  });
  return response;
}

async function names(query: string): Promise<string[]> {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ vendors: PublicVendor[] }>().vendors.map((v) => v.unternehmen ?? v.name);
}

async function badRequest(query: string): Promise<string> {
  const response = await list(query);
  expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
  const body = response.json<{ success: boolean; message: string }>();
  expect(body.success).toBe(false);
  return body.message;
}

const byName = [...DEMO_VENDORS].sort((a, b) => a.name.localeCompare(b.name, 'de'));

describe('GET /api/vendor-auth/public/profiles', () => {
  it('lists the released vendors, 20 per page, sorted by name, with only the public fields', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = directoryResponseSchema.parse(response.json());
    expect(body.success).toBe(true);
    expect(body.vendors.map((v) => v.name)).toEqual(byName.map((v) => v.name));
    expect(body.pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalCount: DEMO_VENDORS.length,
      hasPrevPage: false,
      hasNextPage: false,
      totalCountCapped: false,
    });
    expect(body.availableFilters.verifyStatuses).toEqual(['verified', 'pending', 'unverified']);
    expect(body.availableFilters.allTags).toHaveLength(14);

    const raw = (response.json() as { vendors: Record<string, unknown>[] }).vendors[0]!;
    expect(Object.keys(raw).sort()).toEqual(
      [
        'id',
        'name',
        'unternehmen',
        'slogan',
        'beschreibung',
        'profilBild',
        'bannerBild',
        'telefon',
        'email',
        'website',
        'verifyStatus',
        'adresse',
        'socialMedia',
        'oeffnungszeiten',
        'tags',
        'mietfaecher',
        'kategorien',
        'registrationDate',
        'dabeiAb',
      ].sort(),
    );
    expect(response.body).not.toMatch(/password|searchText|search_text|comments|geocode/i);

    const mueller = body.vendors.find((v) => v.unternehmen === 'Hof Müller')!;
    expect(mueller.adresse.ort).toBe('Kronach');
    expect(mueller.adresse.koordinaten).toEqual({
      lat: expect.any(Number),
      lng: expect.any(Number),
    });
    expect(mueller.tags.map((tag) => tag.slug).sort()).toEqual(['eier', 'obst-gemuese']);
    expect(mueller.kategorien.sort()).toEqual(['Eier', 'Obst & Gemüse']);
    expect(mueller.mietfaecher.map((unit) => unit.name)).toEqual(['A1', 'V1']);
    expect(mueller.mietfaecher[0]).toMatchObject({ preis: 3500, standort: expect.any(String) });
    expect(Object.keys(mueller.oeffnungszeiten)).toEqual([
      'montag',
      'dienstag',
      'mittwoch',
      'donnerstag',
      'freitag',
      'samstag',
      'sonntag',
    ]);
    expect(mueller.profilBild).toMatch(/^\/api\/images\/[0-9a-f-]{36}\/192$/);
    expect(mueller.bannerBild).toMatch(/^\/api\/images\/[0-9a-f-]{36}\/1280$/);
  });

  it('finds names regardless of case, umlauts and ß', async () => {
    for (const search of ['Müller', 'müller', 'MULLER', 'Mueller', 'muller']) {
      expect(await names(`?search=${encodeURIComponent(search)}`), search).toEqual(['Hof Müller']);
    }
    for (const search of ['Monika Größ', 'monika gross', 'MONIKA GROESS']) {
      expect(await names(`?search=${encodeURIComponent(search)}`), search).toEqual([
        'Imkerei Größ',
      ]);
    }
  });

  it('searches company, description, town and tag names, every word', async () => {
    expect(await names('?search=Imkerei')).toEqual(['Imkerei Größ']);
    expect(await names('?search=wallenfels')).toEqual(['Imkerei Größ']);
    expect(await names('?search=Weissenbrunn')).toEqual(['Eierhof Neubauer']);
    // tag names (the words appear in no description)
    expect(await names(`?search=${encodeURIComponent('Trockenfrüchte')}`)).toEqual([
      'Nusshof Schmitt',
    ]);
    expect(await names('?search=spirituosen')).toEqual(['Frankenwald-Brennerei Engelhardt']);
    // two words: both must match
    expect(await names('?search=Kronach%20Biohof')).toEqual(['Biohof Deuerling']);
    // two in Kronach, one mentions the town in its description
    expect((await names('?search=Kronach')).sort()).toEqual([
      'Biohof Deuerling',
      'Hof Müller',
      'Metzgerei Fröba',
    ]);
    // a word from a description
    const withDescription = DEMO_VENDORS.find((v) => v.unternehmen === 'Teemanufaktur Wolf')!;
    const word = withDescription.beschreibung.split(/\s+/).find((w) => w.length > 9)!;
    expect(await names(`?search=${encodeURIComponent(word)}`)).toContain('Teemanufaktur Wolf');
  });

  it('finds any part of a word, as short as one letter (the trigram index only narrows)', async () => {
    expect(await names(`?search=${encodeURIComponent('ockenfrücht')}`)).toEqual([
      'Nusshof Schmitt',
    ]);
    expect(await names('?search=EISSENBRU')).toEqual(['Eierhof Neubauer']);
    expect(await names('?search=eubaue')).toEqual(['Eierhof Neubauer']);
    // too short for a trigram: still every producer whose text holds it
    expect(await names('?search=e')).toHaveLength(DEMO_VENDORS.length);
    expect(await names('?search=qx')).toEqual([]);
  });

  it('treats %, _, backslashes and regular-expression characters as plain text', async () => {
    for (const search of [
      '%',
      '_',
      '\\',
      '.*',
      '(',
      '[a-z]+',
      "'; drop table vendors; --",
      '%%%',
    ]) {
      const response = await list(`?search=${encodeURIComponent(search)}`);
      expect(response.statusCode, search).toBe(200);
      expect(response.json().vendors, search).toEqual([]);
    }
    const afterwards = await names('');
    expect(afterwards).toHaveLength(DEMO_VENDORS.length);
  });

  it('rejects an overlong search with a message', async () => {
    expect(await badRequest(`?search=${'a'.repeat(10_000)}`)).toBe(
      'Der Suchbegriff darf höchstens 100 Zeichen lang sein.',
    );
    // an empty or blank search is no filter
    expect(await names('?search=%20%20')).toHaveLength(DEMO_VENDORS.length);
  });

  it('filters by product tags (any of them), towns, verify status and combinations', async () => {
    expect(await names('?tags=honig')).toEqual(['Imkerei Größ']);
    expect((await names('?tags=honig,milchprodukte')).sort()).toEqual([
      'Hofkäserei Wagner',
      'Imkerei Größ',
    ]);
    expect(await names('?tags=keine-solche-kategorie')).toEqual([]);
    expect((await names('?standorte=kronach,Pressig')).sort()).toEqual([
      'Biohof Deuerling',
      'Bäckerei Schneider',
      'Hof Müller',
    ]);
    expect((await names('?verifyStatus=pending')).sort()).toEqual([
      'Holzwerkstatt Fischer',
      'Marmeladenküche Hofmann',
      'Nusshof Schmitt',
    ]);
    // combined: AND between the filters
    expect(await names('?tags=obst-gemuese&verifyStatus=unverified')).toEqual(['Biohof Deuerling']);
    expect(await names('?tags=obst-gemuese&standorte=K%C3%BCps&search=nuss')).toEqual([
      'Nusshof Schmitt',
    ]);
  });

  it('sorts by name, company and registration date in both directions', async () => {
    const desc = await list('?sortOrder=desc');
    expect(desc.json().vendors.map((v: PublicVendor) => v.name)).toEqual(
      byName.map((v) => v.name).reverse(),
    );
    const companies = await names('?sortBy=unternehmen');
    expect(companies[0]).toBe('Bäckerei Schneider');
    expect(companies.at(-1)).toBe('Teemanufaktur Wolf');
    expect(await names('?sortBy=unternehmen&sortOrder=desc')).toEqual([...companies].reverse());

    const newest = await list('?sortBy=registrationDate&sortOrder=desc');
    const dates = newest.json().vendors.map((v: PublicVendor) => v.registrationDate);
    expect(dates).toEqual([...dates].sort().reverse());
    // the demo vendor with the shortest contract registered last
    expect(newest.json().vendors[0].unternehmen).toBe('Biohof Deuerling');
    const oldest = await names('?sortBy=registrationDate&sortOrder=asc');
    expect(oldest[0]).toBe('Imkerei Größ');
  });

  it('sorts by name when asked explicitly, the same as by default', async () => {
    expect(await names('?sortBy=name&sortOrder=asc')).toEqual(await names(''));
  });

  it('pages through filtered, sorted results', async () => {
    // three pending vendors, two per page, newest first
    const all = await names('?verifyStatus=pending&sortBy=registrationDate&sortOrder=desc');
    expect(all).toHaveLength(3);
    const first = await list(
      '?verifyStatus=pending&sortBy=registrationDate&sortOrder=desc&limit=2',
    );
    const second = await list(
      '?verifyStatus=pending&sortBy=registrationDate&sortOrder=desc&limit=2&page=2',
    );
    const unternehmen = (response: Awaited<ReturnType<typeof list>>) =>
      response.json<{ vendors: PublicVendor[] }>().vendors.map((v) => v.unternehmen ?? v.name);
    expect([...unternehmen(first), ...unternehmen(second)]).toEqual(all);
    expect(second.json().pagination).toEqual({
      currentPage: 2,
      totalPages: 2,
      totalCount: 3,
      hasPrevPage: true,
      hasNextPage: false,
      totalCountCapped: false,
    });
  });

  it('pages through the results', async () => {
    const page3 = await list('?limit=5&page=3');
    expect(page3.statusCode).toBe(200);
    expect(page3.json().vendors.map((v: PublicVendor) => v.name)).toEqual(
      byName.slice(10, 15).map((v) => v.name),
    );
    expect(page3.json().pagination).toEqual({
      currentPage: 3,
      totalPages: 3,
      totalCount: 14,
      hasPrevPage: true,
      hasNextPage: false,
      totalCountCapped: false,
    });
    const page2 = await list('?limit=5&page=2');
    expect(page2.json().pagination).toMatchObject({ hasPrevPage: true, hasNextPage: true });
    const beyond = await list('?limit=5&page=9');
    expect(beyond.json()).toMatchObject({
      vendors: [],
      pagination: { currentPage: 9, totalPages: 3, totalCount: 14, hasNextPage: false },
    });
    expect((await list('?limit=100')).json().vendors).toHaveLength(14);
  });

  it('answers bad parameters with a 400 and a German message, never a 500', async () => {
    expect(await badRequest('?page=0')).toBe('Die Seite muss eine Zahl ab 1 sein.');
    expect(await badRequest('?page=-1')).toBe('Die Seite muss eine Zahl ab 1 sein.');
    expect(await badRequest('?page=abc')).toBe('Die Seite muss eine Zahl ab 1 sein.');
    expect(await badRequest('?page=1.5')).toBe('Die Seite muss eine Zahl ab 1 sein.');
    expect(await badRequest('?page=99999999999')).toBe('Diese Seite gibt es nicht.');
    expect(await badRequest('?limit=10000')).toBe(
      'Die Anzahl pro Seite muss zwischen 1 und 100 liegen.',
    );
    expect(await badRequest('?limit=0')).toBe(
      'Die Anzahl pro Seite muss zwischen 1 und 100 liegen.',
    );
    expect(await badRequest('?sortBy=email')).toBe('Nach diesem Feld kann nicht sortiert werden.');
    expect(await badRequest('?sortOrder=up')).toBe('Die Sortierung ist asc oder desc.');
    expect(await badRequest('?verifyStatus=gold')).toBe('Unbekannter Prüfstatus.');
    expect(await badRequest('?registrationStatus=x')).toBe('Unbekannter Status.');
    expect(await badRequest('?tags=Honig!')).toBe('Unbekannter Filter für Produkte.');
    expect(await badRequest(`?tags=${'a,'.repeat(30)}`)).toBe('Unbekannter Filter für Produkte.');
    expect(await badRequest('?page=1&page=2')).toBe(
      'Der Parameter „page“ darf nur einmal angegeben werden.',
    );
    expect(await badRequest(`?standorte=${'x'.repeat(101)}`)).toBe('Unbekannter Ort.');
    expect(await badRequest(`?standorte=${'Kronach,'.repeat(21)}`)).toBe(
      'Zu viele Orte im Filter.',
    );
    // unknown parameters are ignored
    expect(await names('?foo=bar')).toHaveLength(14);
    const odd = await list('?search=%E0%A4%A');
    expect(odd.statusCode).toBeLessThan(500);
  });

  it('filters by registration status against the opening date', async () => {
    // before the opening every listed vendor is pre-registered
    expect(await names('?registrationStatus=preregistered')).toHaveLength(14);
    expect(await names('?registrationStatus=trial')).toEqual([]);
    try {
      await t.app.settings.update({ openingDate: addDays(today, -10) });
      expect(await names('?registrationStatus=trial')).toHaveLength(14);
      expect(await names('?registrationStatus=preregistered')).toEqual([]);
      // the shop opened 40 days ago with the demo contracts; Deuerling's started 20 days ago
      await t.app.settings.update({ openingDate: addDays(today, -40) });
      await t.database.db.update(contracts).set({ startDate: addDays(today, -40) });
      const [deuerling] = await t.database.db
        .select({ id: vendors.id })
        .from(vendors)
        .where(eq(vendors.unternehmen, 'Biohof Deuerling'));
      await t.database.db
        .update(contracts)
        .set({ startDate: addDays(today, -20) })
        .where(eq(contracts.vendorId, deuerling!.id));
      // the opening's trial is over; a contract that started later has its own 30 days
      expect(await names('?registrationStatus=trial')).toEqual(['Biohof Deuerling']);
      expect(await names('?registrationStatus=active')).toHaveLength(13);
      // combined with the other filters (AND)
      expect(await names('?registrationStatus=active&tags=honig')).toEqual(['Imkerei Größ']);
      expect(await names('?registrationStatus=active&verifyStatus=pending&search=nuss')).toEqual([
        'Nusshof Schmitt',
      ]);
    } finally {
      await t.app.settings.update({ openingDate: null });
      await t.database.db.update(contracts).set({ startDate: today });
    }
  });

  it('hides vendors without release or without an active contract', async () => {
    const [wolf] = await t.database.db
      .select()
      .from(vendors)
      .where(eq(vendors.unternehmen, 'Teemanufaktur Wolf'));
    const [fischer] = await t.database.db
      .select()
      .from(vendors)
      .where(eq(vendors.unternehmen, 'Holzwerkstatt Fischer'));
    try {
      await t.database.db.update(vendors).set({ isPublic: false }).where(eq(vendors.id, wolf!.id));
      await t.database.db
        .update(contracts)
        .set({ status: 'ended' })
        .where(eq(contracts.vendorId, fischer!.id));
      const shown = await names('?limit=100');
      expect(shown).toHaveLength(12);
      expect(shown).not.toContain('Teemanufaktur Wolf');
      expect(shown).not.toContain('Holzwerkstatt Fischer');
      expect(await names('?search=Wolf')).toEqual([]);
      for (const id of [wolf!.id, fischer!.id]) {
        const profile = await t.app.inject({
          method: 'GET',
          url: `/api/vendor-auth/public/profile/${id}`,
        });
        expect(profile.statusCode).toBe(404);
        expect(profile.json().message).toBe('Direktvermarkter nicht gefunden.');
      }
    } finally {
      await t.database.db.update(vendors).set({ isPublic: true }).where(eq(vendors.id, wolf!.id));
      await t.database.db
        .update(contracts)
        .set({ status: 'scheduled' })
        .where(eq(contracts.vendorId, fischer!.id));
    }
  });

  it('lists released producers whose contract is only scheduled, with its units and the day it starts', async () => {
    const [fischer] = await t.database.db
      .select()
      .from(vendors)
      .where(eq(vendors.unternehmen, 'Holzwerkstatt Fischer'));
    const profile = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/vendor-auth/public/profile/${fischer!.id}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().vendor as PublicVendor;
    };
    // before the opening (none set) every demo contract is scheduled from the demo's opening
    const [contract] = await t.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.vendorId, fischer!.id));
    expect(contract!.status).toBe('scheduled');
    const now = await profile();
    expect(now.dabeiAb).toBeNull();
    expect(now.mietfaecher.map((unit) => unit.name)).toEqual(
      [
        ...DEMO_VENDORS.find((demo) => demo.unternehmen === 'Holzwerkstatt Fischer')!.mietfaecher,
      ].sort(),
    );
    try {
      await t.database.db
        .update(contracts)
        .set({ startDate: addDays(today, 20) })
        .where(eq(contracts.vendorId, fischer!.id));
      const later = await profile();
      expect(later.dabeiAb).toBe(addDays(today, 20));
      expect(later.mietfaecher).toEqual(now.mietfaecher);
      expect(await names('?search=Fischer')).toEqual(['Holzwerkstatt Fischer']);
    } finally {
      await t.database.db
        .update(contracts)
        .set({ startDate: today })
        .where(eq(contracts.vendorId, fischer!.id));
    }
  });
});

describe('the directory past its count cap', () => {
  // the cap as the product has it is DIRECTORY_COUNT_CAP (1,000); here 5 of the 14 demo producers
  let capped: TestApp;
  beforeAll(async () => {
    capped = await createTestApp({
      env: { DEMO_DATA: 'true' },
      config: {
        directoryCountCap: 5,
        rateLimits: { global: 100_000, forms: 1000, login: 1000, sensitive: 1000 },
      },
    });
  });
  afterAll(async () => {
    await capped.close();
  });
  const page = async (query: string) => {
    const response = await capped.app.inject({
      method: 'GET',
      url: `/api/vendor-auth/public/profiles${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return directoryResponseSchema.parse(response.json());
  };

  it('counts up to the cap, says there are more, and still pages to the last producer', async () => {
    const first = await page('?limit=2');
    expect(first.vendors.map((v) => v.name)).toEqual(byName.slice(0, 2).map((v) => v.name));
    // more than 5: the pages known are those of 6 producers
    expect(first.pagination).toEqual({
      currentPage: 1,
      totalPages: 3,
      totalCount: 5,
      hasPrevPage: false,
      hasNextPage: true,
      totalCountCapped: true,
    });
    // deeper than the cap: counted to the end of this page, one more known
    const fifth = await page('?limit=2&page=5');
    expect(fifth.vendors.map((v) => v.name)).toEqual(byName.slice(8, 10).map((v) => v.name));
    expect(fifth.pagination).toMatchObject({
      totalPages: 6,
      totalCount: 10,
      hasNextPage: true,
      totalCountCapped: true,
    });
    // the last page: the count is exact again
    const last = await page('?limit=2&page=7');
    expect(last.vendors.map((v) => v.name)).toEqual(byName.slice(12, 14).map((v) => v.name));
    expect(last.pagination).toEqual({
      currentPage: 7,
      totalPages: 7,
      totalCount: 14,
      hasPrevPage: true,
      hasNextPage: false,
      totalCountCapped: false,
    });
    // past the end: exact, no page to go to
    expect((await page('?limit=2&page=9')).pagination).toMatchObject({
      totalPages: 7,
      totalCount: 14,
      hasNextPage: false,
      totalCountCapped: false,
    });
  });

  it('counts a search below the cap, and a page ending on the last match, exactly', async () => {
    expect((await page('?search=Kronach')).pagination).toMatchObject({
      totalCount: 3,
      totalPages: 1,
      totalCountCapped: false,
    });
    // counted to exactly the last producer: not "more than"
    expect((await page('?limit=7&page=2')).pagination).toMatchObject({
      totalCount: 14,
      totalPages: 2,
      hasNextPage: false,
      totalCountCapped: false,
    });
  });
});

describe('GET /api/vendor-auth/public/profile/{id}', () => {
  it('returns one listed vendor', async () => {
    const first = (await list()).json().vendors[0] as PublicVendor;
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/vendor-auth/public/profile/${first.id}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: expect.any(String), vendor: first });
  });

  it('answers unknown, malformed and overlong ids with 404 and the German message', async () => {
    for (const id of [
      '00000000-0000-4000-8000-000000000000',
      'abc',
      '%27%20or%201%3D1',
      '..%2F..%2Fetc',
      'x'.repeat(90),
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/vendor-auth/public/profile/${id}`,
      });
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message, id).toBe('Direktvermarkter nicht gefunden.');
    }
    // past the router's limit for a path parameter: 414, still in the API's error shape
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/vendor-auth/public/profile/${'x'.repeat(5000)}`,
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ success: false, message: 'Die Adresse ist zu lang.' });
  });
});

describe('pictures', () => {
  it('serves the demo pictures as WebP in fitting sizes with a long cache lifetime', async () => {
    const vendor = (await list()).json().vendors[0] as PublicVendor;
    const profile = await t.app.inject({ method: 'GET', url: vendor.profilBild! });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['content-type']).toBe('image/webp');
    expect(profile.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(profile.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
    const small = await t.app.inject({
      method: 'GET',
      url: vendor.profilBild!.replace(/\/192$/, '/96'),
    });
    expect(small.headers['x-image-width']).toBe('96');
    expect(small.rawPayload.length).toBeLessThan(profile.rawPayload.length);
    // between two sizes: the next larger one
    const between = await t.app.inject({
      method: 'GET',
      url: vendor.bannerBild!.replace(/\/1280$/, '/700'),
    });
    expect(between.headers['x-image-width']).toBe('1280');

    for (const url of [
      '/api/images/00000000-0000-4000-8000-000000000000/192',
      '/api/images/abc/192',
      `${vendor.profilBild!.replace(/\/192$/, '')}/x`,
      `${vendor.profilBild!.replace(/\/192$/, '')}/0`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe('Dieses Bild gibt es nicht.');
    }
  });
});

describe('sitemap.xml', () => {
  it('lists the directory, the map and every listed profile', async () => {
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain('<loc>http://shop.test/direktvermarkter/uebersicht</loc>');
    expect(sitemap.body).toContain('<loc>http://shop.test/direktvermarkter/karte</loc>');
    const profiles = sitemap.body.match(/\/direktvermarkter\/[0-9a-f-]{36}</g) ?? [];
    expect(profiles).toHaveLength(DEMO_VENDORS.length);
  });
});
