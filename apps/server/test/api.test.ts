import { clock } from '@housnkuh/shared/clock';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAQ_CATEGORIES } from '@housnkuh/shared/catalog';
import { DEFAULT_FAQS } from '@housnkuh/shared/faq-defaults';
import { registrationBody, TEST_PASSWORD } from '@housnkuh/test-support/registration';
import { vendors } from '../src/modules/vendors/schema';
import { GEOCODE_UNAVAILABLE } from '../src/modules/geocoding/geocoding.routes';
import { appRoutes, createTestApp, signedInAdmin, type TestApp } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A registered, confirmed and logged-in vendor with its first booking. */
async function loggedInVendor(email: string) {
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/vendor-auth/register',
    payload: registrationBody(email),
  });
  expect(registered.statusCode, registered.body).toBe(200);
  const id = registered.json<{ userId: string }>().userId;
  await t.database.db
    .update(vendors)
    .set({ emailConfirmedAt: clock.now() })
    .where(eq(vendors.id, id));
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/vendor-auth/login',
    payload: { email, password: TEST_PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(200);
  const token = login.json<{ token: string }>().token;
  const bookings = await t.app.inject({
    method: 'GET',
    url: `/api/vendor-auth/bookings/${id}`,
    headers: { authorization: `Bearer ${token}` },
  });
  const bookingId = bookings.json<{ bookings: { id: string }[] }>().bookings[0]!.id;
  return { id, token, bookingId };
}

describe('health', () => {
  it('reports that the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      status: 'ok',
      database: 'up',
      databaseMode: process.env.DATABASE_URL ? 'postgres' : 'embedded',
    });
  });

  it("tells the instance's time, from the clock tests set", async () => {
    const real = clock.offsetMs();
    try {
      clock.set('2030-01-01T10:00:00Z');
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.json().time).toMatch(/^2030-01-01T10:00:0\d\.\d{3}Z$/);
    } finally {
      clock.set(Date.now() + real);
    }
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy and no X-Powered-By', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('img-src');
    expect(csp).toContain('https://tile.openstreetmap.org');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});

describe('error handling', () => {
  it('answers an unknown /api route with 404 JSON', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/gibt-es-nicht' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ success: false, message: 'Diese Adresse gibt es nicht.' });
  });

  it("answers addresses the router rejects in the API shape, never in Fastify's own", async () => {
    const badEscape = await t.app.inject({
      method: 'GET',
      url: '/api/vendor-auth/public/profile/%E0%A4%A',
    });
    expect(badEscape.statusCode).toBe(400);
    expect(badEscape.json()).toEqual({ success: false, message: 'Die Anfrage ist ungültig.' });
    const overlong = await t.app.inject({
      method: 'POST',
      url: `/api/vendor-auth/cancel-trial-booking/${'1'.repeat(300)}`,
      payload: {},
    });
    expect(overlong.statusCode).toBe(414);
    expect(overlong.json()).toEqual({ success: false, message: 'Die Adresse ist zu lang.' });
  });

  it('answers ids of uuid length that are no uuids with 404, never a 500', async () => {
    for (const id of ['-'.repeat(36), 'abcdefab-cdef-abcd-efab-cdefabcdef-a']) {
      for (const url of [`/api/images/${id}/192`, `/api/vendor-auth/public/profile/${id}`]) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json().success, url).toBe(false);
      }
    }
  });

  it('answers malformed JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.de",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: 'Die Anfrage enthält kein gültiges JSON.',
    });
  });

  it('answers an empty JSON body with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
  });

  it('answers a body over the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.de', name: 'x'.repeat(300 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, message: 'Die Anfrage ist zu groß.' });
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      headers: { 'content-type': 'application/x-unbekannt' },
      payload: 'email=a@b.de',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().success).toBe(false);
  });

  it('answers a body of the wrong shape with 400', async () => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/newsletter/subscribe',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });

  it('refuses control characters in queries and bodies with 400 and a German message, never a 500', async () => {
    const vendor = await loggedInVendor('steuerzeichen@beispiel.de');
    const CONTROL = 'Dieses Feld enthält unzulässige Steuerzeichen.';
    for (const url of [
      '/api/vendor-auth/public/profiles?search=a%00b',
      '/api/vendor-auth/public/profiles?standorte=a%00b',
      '/api/vendor-auth/public/profiles?search=a%1Bb',
      '/api/geocode?address=abc%00def',
      '/api/geocode?address=Strauer%09Str.%2015',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ success: false, message: CONTROL });
    }
    const bodies: [string, object, string][] = [
      [
        '/api/vendor-auth/register',
        registrationBody('nul@beispiel.de', { comments: 'Eier\u0000Nudeln' }),
        'comments',
      ],
      [
        '/api/vendor-auth/preregister',
        registrationBody('nul2@beispiel.de', { unternehmen: 'Hof\u0007' }),
        'unternehmen',
      ],
      [
        `/api/vendor-auth/cancel-trial-booking/${vendor.bookingId}`,
        { reason: 'a\u0000b' },
        'reason',
      ],
      ['/api/contact', { name: 'A', email: 'a@b.de', subject: 'S', message: 'x\u0000' }, 'message'],
      ['/api/newsletter/subscribe', { email: 'a@b.de', name: 'Anna\u0000' }, 'name'],
      ['/api/vendor-auth/login', { email: 'a@b.de', password: 'Sicher1!\u0000' }, 'password'],
      [
        '/api/vendor-contest/submit',
        { name: 'A', email: 'a@b.de', guessedVendors: ['a\u0000', 'b', 'c'] },
        'guessedVendors.0',
      ],
    ];
    for (const [url, payload, field] of bodies) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { authorization: `Bearer ${vendor.token}` },
      });
      expect(response.statusCode, url).toBe(400);
      const body = response.json<{ success: boolean; errors: unknown[] }>();
      expect(body.success, url).toBe(false);
      // spec §7: the contact form lists plain messages, the other routes { field, message }
      expect(body.errors, url).toContainEqual(
        url === '/api/contact' ? CONTROL : { field, message: CONTROL },
      );
    }
    // nothing was stored: the booking is still open, the address unregistered
    const bookings = await t.app.inject({
      method: 'GET',
      url: `/api/vendor-auth/bookings/${vendor.id}`,
      headers: { authorization: `Bearer ${vendor.token}` },
    });
    expect(bookings.json().bookings[0].status).toBe('pending');
    const rows = await t.database.db
      .select()
      .from(vendors)
      .where(eq(vendors.email, 'nul@beispiel.de'));
    expect(rows).toHaveLength(0);
    // line breaks stay allowed where text has several lines
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/vendor-auth/cancel-trial-booking/${vendor.bookingId}`,
      payload: { reason: 'Umzug\r\nnach Coburg' },
      headers: { authorization: `Bearer ${vendor.token}` },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
  });

  it('never answers a 500 to any query or body on any route', async () => {
    const vendor = await loggedInVendor('fuzz-vendor@beispiel.de');
    // an admin too, so the admin routes are fuzzed past their access check; a
    // request that ends the session (logout, a password change) gets a new one
    let admins = 0;
    let adminToken = await signedInAdmin(t, `fuzz-admin-${admins++}`);
    let adminPastAccessCheck = 0;
    // and a till key, so the till's routes (/api/pos) are fuzzed past theirs
    const posKey = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/pos-keys',
        headers: { authorization: `Bearer ${adminToken}` },
        payload: { name: 'Fuzz-Kasse' },
      })
    ).json<{ secret: string }>().secret;
    // every route the server has, from its router: a new route is fuzzed without being listed here
    const routes = appRoutes(t.app);
    expect(routes.length).toBeGreaterThan(20);

    let serial = 0;
    /** A valid body and the query fields per route: the fuzz changes one part of it at a time. */
    const known: Record<string, { body?: () => Record<string, unknown>; query?: string[] }> = {
      'POST /api/newsletter/subscribe': {
        body: () => ({ email: 'fuzz@beispiel.de', name: 'Anna', type: 'customer' }),
      },
      'POST /api/contact': {
        body: () => ({
          name: 'Anna',
          email: 'fuzz@beispiel.de',
          phone: '0170 1234567',
          subject: 'Frage',
          message: 'Hallo',
        }),
      },
      'POST /api/vendor-contest/submit': {
        body: () => ({ name: 'Anna', email: 'fuzz@beispiel.de', guessedVendors: ['a', 'b', 'c'] }),
      },
      'POST /api/vendor-auth/register': {
        body: () => registrationBody(`fuzz${serial++}@beispiel.de`),
      },
      'POST /api/vendor-auth/preregister': {
        body: () => registrationBody(`fuzz${serial++}@beispiel.de`),
      },
      'POST /api/vendor-auth/login': {
        body: () => ({ email: 'fuzz-login@beispiel.de', password: TEST_PASSWORD }),
      },
      'POST /api/vendor-auth/forgot-password': { body: () => ({ email: 'fuzz@beispiel.de' }) },
      'POST /api/vendor-auth/email-available': { body: () => ({ email: 'fuzz@beispiel.de' }) },
      'POST /api/vendor-auth/resend-confirmation': { body: () => ({ email: 'fuzz@beispiel.de' }) },
      'POST /api/newsletter/unsubscribe': { body: () => ({ token: 'a'.repeat(43) }) },
      'POST /api/vendor-auth/reset-password': {
        body: () => ({ token: 'a'.repeat(43), password: 'Neu2025!', confirmPassword: 'Neu2025!' }),
      },
      'POST /api/vendor-auth/cancel-trial-booking/:id': { body: () => ({ reason: 'Umzug' }) },
      'POST /api/vendor-auth/additional-booking': {
        body: () => ({
          userId: vendor.id,
          packageData: { packageCounts: { 'block-a': 1 }, rentalDuration: 6 },
        }),
      },
      'GET /api/vendor-auth/public/profiles': {
        query: [
          'search',
          'tags',
          'standorte',
          'verifyStatus',
          'registrationStatus',
          'sortBy',
          'sortOrder',
          'page',
          'limit',
        ],
      },
      'POST /api/vendor-auth/products': {
        body: () => ({
          name: 'Blütenhonig',
          priceCents: 650,
          unit: 'Glas',
          vatRate: 7,
          inhalt: 500,
          inhaltEinheit: 'g',
        }),
      },
      'PATCH /api/vendor-auth/products/:id': {
        body: () => ({ name: 'Waldhonig', priceCents: 700, isActive: false }),
      },
      'GET /api/vendor-auth/products': { query: ['search', 'sort', 'page', 'limit', 'active'] },
      'GET /api/admin/products': {
        query: ['search', 'sort', 'page', 'limit', 'active', 'vendorId'],
      },
      'PATCH /api/admin/products/:id': {
        body: () => ({ name: 'Waldhonig', priceCents: 700, vatRate: 19, isActive: false }),
      },
      'GET /api/geocode': { query: ['address'] },
      'GET /api/vendor-auth/products/labels.pdf': { query: ['ids', 'counts', 'format', 'start'] },
      'GET /api/vendor-auth/sales': { query: ['from', 'to', 'groupBy'] },
      'GET /api/vendor-auth/sales.csv': { query: ['from', 'to', 'groupBy'] },
      'GET /api/admin/documents': { query: ['vendorId', 'month'] },
      'POST /api/pos/sales': {
        body: () => ({
          receipts: [
            {
              id: `F-${serial++}`,
              time: '2026-01-05T10:00:00+01:00',
              lines: [
                {
                  position: 1,
                  ean: '2000000000015',
                  name: 'Honig',
                  quantity: 0.5,
                  unitPriceGrossCents: 650,
                  vatRate: 7,
                },
              ],
            },
          ],
        }),
      },
      'POST /api/admin/sales/unassigned': {
        body: () => ({
          lineIds: ['00000000-0000-0000-0000-000000000000'],
          kind: 'no_vendor',
          noVendor: 'no_sale',
        }),
      },
      'POST /api/admin/sales/unassigned/:lineId': {
        body: () => ({ kind: 'no_vendor', noVendor: 'no_sale' }),
      },
      'GET /api/admin/sales/unassigned': { query: ['page', 'limit', 'search'] },
      'POST /api/admin/sales/clarify/:lineId': { body: () => ({ vatRate: 7 }) },
      'GET /api/admin/sales/clarify': { query: ['page', 'limit', 'search'] },
      'GET /api/admin/exports/documents.csv': { query: ['from', 'to'] },
      'GET /api/admin/exports/datev': { query: ['from', 'to'] },
      'GET /api/admin/abrechnungen': { query: ['month'] },
      'POST /api/admin/abrechnungen': { body: () => ({ month: '2026-10' }) },
      'POST /api/admin/abrechnungen/:month/manual-lines': {
        body: () => ({
          vendorId: 'x',
          kind: 'charge',
          text: 'Reinigung',
          grossCents: 500,
          vatRateBp: 1900,
        }),
      },
      'POST /api/admin/abrechnungen/:month/payouts/paid': { body: () => ({ vendorIds: [] }) },
      'POST /api/admin/documents/:id/cancel': { body: () => ({ reason: 'Falscher Preis' }) },
      'POST /api/admin/abrechnungen/:month/zahlungslauf': {
        body: () => ({ executionDate: '2026-10-06' }),
      },
      'GET /api/admin/zahlungslaeufe': { query: ['month'] },
      'POST /api/admin/zahlungslaeufe/:id/transferred': {
        body: () => ({ transferredOn: '2026-10-06' }),
      },
      'POST /api/admin/payouts/:id/returned': { body: () => ({ reason: 'Konto erloschen' }) },
      'GET /api/admin/open-items': { query: ['state'] },
      'GET /api/admin/revenue': { query: ['from', 'to'] },
      'GET /api/admin/revenue.csv': { query: ['from', 'to'] },
      'PUT /api/admin/billing-settings': {
        body: () => ({
          steuernummer: '218/123/45678',
          ustIdNr: 'DE123456789',
          iban: 'DE89370400440532013000',
          bic: 'COBADEFFXXX',
          kontoinhaber: 'housnkuh',
          zahlungszielTage: 14,
          datev: {
            beraternummer: 1234567,
            mandantennummer: 10001,
            sachkontenlaenge: 4,
            erloeskontoMiete: 8400,
            erloeskontoProvision: 8519,
            debitorenkontoStart: 10000,
            verrechnungskonto: 1590,
          },
        }),
      },
    };
    for (const key of Object.keys(known)) {
      expect(routes.map((route) => `${route.method} ${route.path}`)).toContain(key);
    }

    const isControl = (char: string) => {
      const code = char.charCodeAt(0);
      return code < 32 || (code >= 0x7f && code < 0xa0);
    };
    /** Text with the characters that break things: controls, line breaks, quotes, escapes. */
    const nastyText = fc
      .array(
        fc.oneof(
          fc.constantFrom(
            '\u0000',
            '\t',
            '\r',
            '\n',
            '\u001b',
            '\u007f',
            '\u0085',
            '\u2028',
            '%',
            "$'",
            "'",
            '"',
            '\\',
            'ä',
            ',',
          ),
          fc.string({ maxLength: 6 }),
        ),
        { minLength: 1, maxLength: 8 },
      )
      .map((parts) => parts.join(''));
    const anyValue: fc.Arbitrary<unknown> = fc.oneof(
      nastyText,
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(nastyText, { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 8 }), nastyText, { maxKeys: 3 }),
    );
    const pathValue = fc.oneof(
      nastyText,
      fc.constantFrom(vendor.id, vendor.bookingId, '00000000-0000-0000-0000-000000000000', '400'),
    );
    const payloadOf = (
      base: Record<string, unknown> | undefined,
      mode: number,
      field: number,
      value: unknown,
      garbage: string,
    ): string => {
      if (!base || mode === 0) return garbage;
      const keys = Object.keys(base);
      const key = keys[field % keys.length]!;
      if (mode === 1) return JSON.stringify({ ...base, [key]: value });
      if (mode === 2) return JSON.stringify(value);
      return JSON.stringify(
        Object.fromEntries(keys.map((name) => [name, name === key ? value : base[name]])),
      );
    };

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.array(pathValue, { minLength: 2, maxLength: 2 }),
        fc.array(fc.tuple(fc.nat(), nastyText), { maxLength: 4 }),
        fc.nat(3),
        fc.nat(),
        anyValue,
        fc.oneof(fc.json(), fc.string(), nastyText),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
        fc.nat(3),
        fc.ipV4(),
        async (route, params, query, mode, field, value, garbage, contentType, who, ip) => {
          // mostly the caller the route is for: an admin on /api/admin, else a producer
          const callers = route.path.startsWith('/api/admin')
            ? (['admin', 'admin', 'vendor', 'none'] as const)
            : (['vendor', 'vendor', 'admin', 'none'] as const);
          const caller = callers[who]!;
          const token = {
            admin: adminToken,
            // the till's routes: its key in place of a producer's session
            vendor: route.path.startsWith('/api/pos/') ? posKey : vendor.token,
            none: undefined,
          }[caller];
          const spec = known[`${route.method} ${route.path}`] ?? {};
          let index = 0;
          const path = route.path.replace(/:\w+/g, () => encodeURIComponent(params[index++]!));
          const names = [...(spec.query ?? []), 'q'];
          const search = query
            .map(([name, text]) => {
              const key = names[name % names.length]!;
              // a valid address would go to the (unreachable) geocoding service: keep it invalid
              const value =
                key === 'address' && ![...text].some(isControl) ? `${text}\u0000` : text;
              return `${encodeURIComponent(key)}=${encodeURIComponent(value)}`;
            })
            .join('&');
          const response = await t.app.inject({
            method: route.method as 'GET' | 'POST' | 'DELETE',
            url: search ? `${path}?${search}` : path,
            remoteAddress: ip,
            headers: {
              'content-type': contentType,
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            ...(route.method === 'GET'
              ? {}
              : { payload: payloadOf(spec.body?.(), mode, field, value, garbage) }),
          });
          const label = `${caller} ${route.method} ${path}?${search}: ${response.body.slice(0, 200)}`;
          if (caller === 'admin' && route.path.startsWith('/api/admin')) {
            if (response.statusCode === 401) {
              adminToken = await signedInAdmin(t, `fuzz-admin-${admins++}`);
            } else if (response.statusCode !== 403) adminPastAccessCheck++;
          }
          if (route.path === '/api/geocode' && response.statusCode === 503) {
            expect(response.json().message, label).toBe(GEOCODE_UNAVAILABLE);
          } else {
            expect(response.statusCode, label).toBeLessThan(500);
          }
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 600) },
    );
    expect(adminPastAccessCheck).toBeGreaterThan(100);
  });
});

describe('rate limits', () => {
  it('limits the forms per client with a German 429', async () => {
    const limited = await createTestApp({
      config: { rateLimits: { global: 1000, forms: 2, login: 30, sensitive: 20 } },
    });
    try {
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/newsletter/subscribe',
          payload: { email: `x${Math.random()}@beispiel.de` },
        });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({
        success: false,
        message: 'Zu viele Anfragen. Bitte warte einen Moment und versuche es dann erneut.',
      });
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe('public FAQs', () => {
  it('lists the initial FAQs of all six categories with real answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/faqs/public' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.faqs).toHaveLength(DEFAULT_FAQS.length);
    expect(new Set(body.faqs.map((faq: { category: string }) => faq.category))).toEqual(
      new Set(FAQ_CATEGORIES),
    );
    for (const faq of body.faqs) {
      expect(faq).toEqual({
        _id: expect.any(String),
        category: expect.any(String),
        question: expect.stringMatching(/\?$/),
        answer: expect.any(String),
        keywords: expect.any(Array),
      });
      expect(faq.answer.length).toBeGreaterThan(60);
    }
    expect(body.faqs[0].question).toBe(DEFAULT_FAQS[0]!.question);
  });
});

describe('site settings', () => {
  it('gives the public settings with the shop address', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(response.statusCode).toBe(200);
    expect(response.json().settings).toMatchObject({
      shopName: 'housnkuh',
      email: 'info@housnkuh.de',
      address: { strasse: 'Strauer Str.', hausnummer: '15', plz: '96317', ort: 'Kronach' },
    });
  });
});

describe('serving the web app', () => {
  it('puts the settings into every page and caches hashed assets for a year', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const { tempDir } = await import('./helpers');
    const dist = tempDir();
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="de"><head><!--site-settings--></head><body></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const web = await createTestApp({ env: { WEB_DIST: dist } });
    try {
      for (const url of ['/', '/index.html', '/standort', '/newsletter/confirm?token=x']) {
        const page = await web.app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['content-type']).toContain('text/html');
        expect(page.headers['cache-control']).toBe('no-cache');
        const json = /<script type="application\/json" id="site-settings">(.*?)<\/script>/.exec(
          page.body,
        )?.[1];
        expect(JSON.parse(json!).shopName, url).toBe('housnkuh');
      }
      const asset = await web.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const traversal = await web.app.inject({
        method: 'GET',
        url: '/assets/..%2f..%2fpackage.json',
      });
      expect(traversal.body).not.toContain('"workspaces"');
      const api = await web.app.inject({ method: 'GET', url: '/api/nichts' });
      expect(api.statusCode).toBe(404);
      expect(api.json().success).toBe(false);
    } finally {
      await web.close();
    }
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('point search engines at the public pages only', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('Disallow: /admin/');
    expect(robots.body).toContain('Disallow: /vendor/');
    expect(robots.body).toContain('Sitemap: http://shop.test/sitemap.xml');

    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    for (const path of ['/', '/faq', '/kontakt', '/standort', '/impressum', '/agb']) {
      expect(sitemap.body).toContain(`<loc>http://shop.test${path}</loc>`);
    }
    expect(sitemap.body).not.toContain('/admin');
  });
});
