/** The public pages for search engines (sitemap.xml); pages of single producers are added by the server. */
export const PUBLIC_PAGES: readonly {
  path: string;
  changefreq: 'daily' | 'weekly' | 'monthly' | 'yearly';
  priority: number;
}[] = [
  { path: '/', changefreq: 'weekly', priority: 1 },
  { path: '/direktvermarkter', changefreq: 'weekly', priority: 0.9 },
  { path: '/direktvermarkter/uebersicht', changefreq: 'daily', priority: 0.9 },
  { path: '/direktvermarkter/karte', changefreq: 'weekly', priority: 0.7 },
  { path: '/pricing', changefreq: 'monthly', priority: 0.8 },
  { path: '/standort', changefreq: 'monthly', priority: 0.8 },
  { path: '/mieten', changefreq: 'monthly', priority: 0.6 },
  { path: '/kontakt', changefreq: 'yearly', priority: 0.6 },
  { path: '/faq', changefreq: 'monthly', priority: 0.7 },
  { path: '/vendors', changefreq: 'monthly', priority: 0.4 },
  { path: '/impressum', changefreq: 'yearly', priority: 0.2 },
  { path: '/datenschutz', changefreq: 'yearly', priority: 0.2 },
  { path: '/agb', changefreq: 'yearly', priority: 0.2 },
];
