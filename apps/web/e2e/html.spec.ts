import { expect, test } from './fixtures';

/** Public pages deliver their content as HTML before any script runs. */
const PAGES: { path: string; title: string; text: string }[] = [
  {
    path: '/',
    title: 'Regionale Produkte in Kronach | housnkuh',
    text: 'Dein Marktplatz für lokale Produkte',
  },
  {
    path: '/direktvermarkter',
    title: 'Unsere Direktvermarkter | housnkuh',
    text: 'Du bist Direktvermarkter?',
  },
  {
    path: '/standort',
    title: 'Der Standort | housnkuh',
    text: 'Der Laden ist über eine Treppe erreichbar.',
  },
  {
    path: '/mieten',
    title: 'Verkaufsfläche mieten – sprich uns an | housnkuh',
    text: 'Was du bei uns mieten kannst',
  },
  // the directory's first page comes from the database with the page
  {
    path: '/direktvermarkter/uebersicht',
    title: 'Direktvermarkter aus der Region | housnkuh',
    text: 'Marmeladenküche Hofmann',
  },
  {
    path: '/direktvermarkter/karte',
    title: 'Direktvermarkter-Karte | housnkuh',
    text: 'Suche nach Name, Unternehmen oder Ort',
  },
  { path: '/kontakt', title: 'Kontakt | housnkuh', text: 'Nachricht senden' },
  { path: '/pricing', title: 'Verkaufsfläche mieten | housnkuh', text: 'Provisionsmodell wählen' },
  // the FAQs come from the database with the page
  {
    path: '/faq',
    title: 'Häufige Fragen | housnkuh',
    text: 'Wie funktioniert das Einkaufen ohne Personal?',
  },
  {
    path: '/vendors',
    title: 'Direktvermarkter-Wettbewerb | housnkuh',
    text: 'Jede Person darf nur einmal teilnehmen.',
  },
  { path: '/impressum', title: 'Impressum | housnkuh', text: '§ 5 DDG' },
  {
    path: '/datenschutz',
    title: 'Datenschutzerklärung | housnkuh',
    text: 'contestBannerDismissed',
  },
  {
    path: '/agb',
    title: 'Allgemeine Geschäftsbedingungen für Direktvermarkter | housnkuh',
    text: 'Kein Wettbewerbsverbot',
  },
];

test.describe('server-rendered HTML', () => {
  for (const page of PAGES) {
    test(`${page.path} has its title, description and content in the HTML`, async ({ request }) => {
      const response = await request.get(page.path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<title>${page.title}</title>`);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
      const root = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
      expect(root).toContain(page.text);
      expect(root).toContain('Strauer Str. 15, 96317 Kronach');
      // one inline script, the early-click keeper in the head (the CSP allows it by its
      // hash, apps/server/test/web.test.ts); nothing rendered into the page is a script
      expect(html.match(/<script(?![^>]*(type="application\/json"|src=))[^>]*>/g)).toEqual([
        '<script>',
      ]);
      expect(root).not.toMatch(/<script(?![^>]*(type="application\/json"|src=))[^>]*>/);
    });
  }

  test("a page announces the client app and its route's code (modulepreload)", async ({
    request,
  }) => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
    const faq = preloads(await (await request.get('/faq')).text());
    expect(faq).toContainEqual(expect.stringMatching(/^\/assets\/client-app-[\w-]+\.js$/));
    expect(faq).toContainEqual(expect.stringMatching(/^\/assets\/faq-page-[\w-]+\.js$/));
    expect(new Set(faq).size).toBe(faq.length);
    for (const href of faq) expect((await request.get(href)).status()).toBe(200);
    // another page: its own chunk, not the FAQ's
    const contact = preloads(await (await request.get('/kontakt')).text());
    expect(contact).toContainEqual(expect.stringMatching(/^\/assets\/contact-page-[\w-]+\.js$/));
    expect(contact).not.toContainEqual(expect.stringMatching(/faq-page/));
    // pages rendered in the browser only still get the client app early
    const login = preloads(await (await request.get('/vendor/login')).text());
    expect(login).toContainEqual(expect.stringMatching(/^\/assets\/client-app-[\w-]+\.js$/));
    // the build's manifest is the server's, not the visitors'
    expect((await request.get('/.vite/manifest.json')).status()).toBe(404);
  });

  test('an unknown address answers 404 with the German page', async ({ request }) => {
    const response = await request.get('/gibt-es-nicht');
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('Seite nicht gefunden');
  });

  test('unknown addresses under /admin and /vendor answer 404 too, and show the German page', async ({
    request,
    page,
  }) => {
    for (const path of ['/admin/gibt-es-nicht', '/vendor/gibt-es-nicht']) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
    const response = await page.goto('/vendor/gibt-es-nicht');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
    // the known vendor pages keep working
    for (const path of [
      '/vendor/login',
      '/vendor/passwort-vergessen',
      '/vendor/confirm?token=x',
      '/admin',
      '/admin/login',
    ]) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
  });

  test('changed settings show in the HTML at once', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const settings = JSON.parse(/id="site-settings">(.*?)<\/script>/.exec(html)![1]!);
    expect(html).toContain(settings.phone);
  });
});
