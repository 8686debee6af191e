import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEB_DIST } from '../src/lib/paths';
import { createTestApp, tinyWebDist, type TestApp } from './helpers';

/**
 * The server with the real web build (apps/web/dist and dist-ssr, made by
 * `npm run build`, which `npm test` runs first).
 */
const SSR_ENTRY = path.join(path.dirname(DEFAULT_WEB_DIST), 'dist-ssr', 'entry-server.js');

let t: TestApp;
beforeAll(async () => {
  if (!fs.existsSync(path.join(DEFAULT_WEB_DIST, 'index.html')) || !fs.existsSync(SSR_ENTRY)) {
    throw new Error('the web app is not built: run `npm run build` first');
  }
  // one client asks for every asset and its .map here (about 180 of each, more with every page
  // the app gains): past the 300 pages a minute a visitor may ask for. The limit has its own
  // test below, with its own app.
  t = await createTestApp({
    env: { WEB_DIST: DEFAULT_WEB_DIST, PAGE_RATE_LIMIT_PER_MINUTE: '100000' },
  });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url, remoteAddress });

describe('pages no route matches', () => {
  it('answer 404 everywhere, also under /admin and /vendor; the known pages 200', async () => {
    for (const url of [
      '/gibt-es-nicht',
      '/admin/gibt-es-nicht',
      '/admin/settings/gibt-es-nicht',
      '/vendor/gibt-es-nicht',
      '/vendor/login/weiter',
      '/direktvermarkter/uebersicht/gibt-es-nicht',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('text/html');
      // the app that shows the German 404 page, with the site's settings
      expect(response.body, url).toContain('id="site-settings"');
    }
    // rendered on the server: the German page is in the HTML
    expect((await get('/gibt-es-nicht')).body).toContain('Seite nicht gefunden');

    for (const url of [
      '/',
      '/faq',
      '/kontakt',
      '/direktvermarkter/uebersicht',
      '/vendor/login',
      '/vendor/confirm?token=abc',
      '/vendor/dashboard',
      '/vendor/passwort-vergessen',
      '/vendor/passwort-zuruecksetzen?token=abc',
      '/newsletter/confirm?token=abc',
      '/admin',
      '/admin/',
      '/admin/login',
      '/admin/setup',
      '/admin/unauthorized',
      '/admin/settings',
    ]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it('/vendor itself is a page: the app, which leads on to the dashboard or the login', async () => {
    const response = await get('/vendor');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('id="site-settings"');
  });
});

describe('the page cache', () => {
  it('holds a page only under its canonical address: other spellings and unknown addresses never fill it', async () => {
    const variants = ['/FAQ', '/fAq', '/Faq', '/faq/', '/faq?x=1', '/KONTAKT', '/kontakt/'];
    const unknown = Array.from({ length: 30 }, (_, n) => `/gibt-es-nicht-${n}`).concat(
      Array.from({ length: 30 }, (_, n) => `/admin/seite-${n}`),
      Array.from({ length: 30 }, (_, n) => `/vendor/seite-${n}`),
    );
    for (const url of [...variants, ...unknown]) await get(url);
    for (const url of ['/faq', '/kontakt', '/vendor/login']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    const cached = t.app.cachedPages();
    expect(cached).toEqual(expect.arrayContaining(['/faq', '/kontakt', '/vendor/login']));
    for (const url of [...variants, ...unknown]) expect(cached, url).not.toContain(url);

    // the other spellings still show the same page
    const canonical = await get('/faq');
    const spelled = await get('/FAQ');
    expect(spelled.statusCode).toBe(200);
    expect(/<title>[^<]*<\/title>/.exec(spelled.body)?.[0]).toBe(
      /<title>[^<]*<\/title>/.exec(canonical.body)?.[0],
    );
  });

  it('keeps a page past a reload of unchanged settings, and renders it anew once they change', async () => {
    // the FAQ page carries its data with the time it was rendered: a new rendering differs
    const before = await get('/faq');
    expect(before.body).toContain('"dehydratedAt":');
    // the settings are read again (as every few seconds) without a change: the same page
    await t.app.settings.reload();
    expect((await get('/faq')).body).toBe(before.body);
    await t.app.settings.update({ phone: '09261 765432' });
    const after = await get('/faq');
    expect(after.body).not.toBe(before.body);
    expect(after.body).toContain('09261 765432');
  });
});

describe('source maps', () => {
  it('are not published: no .map file is served and no asset points to one', async () => {
    const assets = fs.readdirSync(path.join(DEFAULT_WEB_DIST, 'assets'));
    const scripts = assets.filter((name) => name.endsWith('.js') || name.endsWith('.css'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) {
      const asset = await get(`/assets/${name}`);
      expect(asset.statusCode, name).toBe(200);
      expect(asset.body, name).not.toMatch(/sourceMappingURL/);
      expect(asset.headers.sourcemap, name).toBeUndefined();
      const map = await get(`/assets/${name}.map`);
      expect(map.statusCode, `${name}.map`).toBe(404);
      expect(map.headers['content-type'], `${name}.map`).toContain('text/html');
    }
  });

  it('are refused even when one is left in the served folder', async () => {
    const dist = tinyWebDist();
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.map'), '{"sources":["geheim.ts"]}');
    const web = await createTestApp({ env: { WEB_DIST: dist } });
    try {
      expect(
        (await web.app.inject({ method: 'GET', url: '/assets/app-abc123.js' })).statusCode,
      ).toBe(200);
      for (const url of ['/assets/app-abc123.js.map', '/assets/app-abc123.js.MAP']) {
        // not the file: the address is a page (this build has no server rendering to say 404)
        const map = await web.app.inject({ method: 'GET', url });
        expect(map.headers['content-type'], url).toContain('text/html');
        expect(map.body, url).not.toContain('geheim.ts');
      }
    } finally {
      await web.close();
    }
  });
});

describe('page rate limit', () => {
  it('limits pages per client (PAGE_RATE_LIMIT_PER_MINUTE) with a German 429; assets and other clients are not affected', async () => {
    const web = await createTestApp({
      env: { WEB_DIST: DEFAULT_WEB_DIST, PAGE_RATE_LIMIT_PER_MINUTE: '5' },
    });
    try {
      const page = (url: string, remoteAddress = '198.51.100.9') =>
        web.app.inject({ method: 'GET', url, remoteAddress });
      const urls = ['/', '/faq', '/gibt-es-nicht', '/vendor/login', '/kontakt'];
      for (const url of urls) expect((await page(url)).statusCode, url).not.toBe(429);
      const limited = await page('/faq');
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['content-type']).toContain('text/html');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.body).toContain('Zu viele Seitenaufrufe in kurzer Zeit');
      // an unknown address is a page too
      expect((await page('/gibt-es-nicht-2')).statusCode).toBe(429);

      // assets and the API are not pages
      const asset = fs
        .readdirSync(path.join(DEFAULT_WEB_DIST, 'assets'))
        .find((name) => name.endsWith('.js'))!;
      expect((await page(`/assets/${asset}`)).statusCode).toBe(200);
      expect((await page('/api/health')).statusCode).toBe(200);
      // another client browses on
      expect((await page('/faq', '203.0.113.50')).statusCode).toBe(200);
    } finally {
      await web.close();
    }
  });
});

describe('inline scripts of the pages', () => {
  it('are allowed by their hash and nothing else inline', async () => {
    const response = await get('/faq');
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith('script-src'))!;
    const inline = [...response.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
    );
    // the early-click keeper (lib/early-clicks.ts)
    expect(inline).toHaveLength(1);
    expect(scriptSrc).toBe(`script-src 'self' ${inline[0]}`);
    expect(scriptSrc).not.toContain('unsafe');
  });
});
