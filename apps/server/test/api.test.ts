import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAQ_CATEGORIES } from '@housnkuh/shared/catalog';
import { DEFAULT_FAQS } from '@housnkuh/shared/faq-defaults';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

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

  it('never answers arbitrary input with a 500', async () => {
    const routes = [
      ['POST', '/api/newsletter/subscribe'],
      ['POST', '/api/contact'],
      ['POST', '/api/vendor-contest/submit'],
      ['POST', '/api/vendor-auth/register'],
      ['POST', '/api/vendor-auth/preregister'],
      ['POST', '/api/vendor-auth/login'],
      ['POST', '/api/vendor-auth/forgot-password'],
      ['POST', '/api/vendor-auth/reset-password'],
      ['POST', '/api/vendor-auth/resend-confirmation'],
      ['GET', '/api/vendor-auth/confirm/'],
      ['GET', '/api/vendor-auth/check'],
      ['GET', '/api/vendor-auth/bookings/'],
      ['POST', '/api/vendor-auth/cancel-trial-booking/'],
      ['GET', '/api/newsletter/confirm/'],
      ['GET', '/api/faqs/public'],
      ['GET', '/api/health'],
      ['GET', '/api/settings/public'],
      ['DELETE', '/api/faqs/public'],
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(
          fc.json(),
          fc.string(),
          fc.jsonValue().map((v) => JSON.stringify(v)),
        ),
        fc.string({ maxLength: 80 }),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
        async ([method, url], payload, suffix, contentType) => {
          const response = await t.app.inject({
            method,
            url: url.endsWith('/')
              ? `${url}${encodeURIComponent(suffix)}`
              : `${url}?q=${encodeURIComponent(suffix)}`,
            headers: { 'content-type': contentType },
            ...(method === 'GET' ? {} : { payload }),
          });
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
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
