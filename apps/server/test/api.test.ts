import { clock } from '@housnkuh/shared/clock';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAQ_CATEGORIES } from '@housnkuh/shared/catalog';
import { DEFAULT_FAQS } from '@housnkuh/shared/faq-defaults';
import { registrationBody, TEST_PASSWORD } from '@housnkuh/test-support/registration';
import { vendors } from '../src/modules/vendors/schema';
import { createTestApp, tinyWebDist, type TestApp } from './helpers';

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

  // never a 500 on any route, whatever the query, body, path or headers: the API fuzz
  // (fuzz.test.ts, over the route index with the routes' zod schemas)
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
    const web = await createTestApp({ env: { WEB_DIST: tinyWebDist() } });
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
