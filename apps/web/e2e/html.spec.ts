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
      // no inline scripts: the CSP allows none
      expect(html).not.toMatch(/<script(?![^>]*(type="application\/json"|src=))[^>]*>/);
    });
  }

  test('an unknown address answers 404 with the German page', async ({ request }) => {
    const response = await request.get('/gibt-es-nicht');
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('Seite nicht gefunden');
  });

  test('changed settings show in the HTML at once', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const settings = JSON.parse(/id="site-settings">(.*?)<\/script>/.exec(html)![1]!);
    expect(html).toContain(settings.phone);
  });
});
