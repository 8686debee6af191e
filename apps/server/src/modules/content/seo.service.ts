import { PUBLIC_PAGES } from '@housnkuh/shared/public-pages';
import type { Executor } from '../../db/client';
import { listedVendorStamps } from '../directory/public';

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function robotsTxt(base: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /vendor/',
    'Disallow: /admin/',
    'Disallow: /newsletter/confirm',
    'Disallow: /warteliste/',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The public pages and every listed producer's profile. */
export async function sitemapXml(db: Executor, base: string): Promise<string> {
  const urls = PUBLIC_PAGES.map(
    (page) =>
      `  <url><loc>${escapeXml(base + page.path)}</loc><changefreq>${page.changefreq}</changefreq><priority>${page.priority.toFixed(1)}</priority></url>`,
  );
  for (const vendor of await listedVendorStamps(db, 10_000)) {
    urls.push(
      `  <url><loc>${escapeXml(`${base}/direktvermarkter/${vendor.id}`)}</loc><lastmod>${vendor.updatedAt.toISOString().slice(0, 10)}</lastmod><changefreq>weekly</changefreq><priority>0.6</priority></url>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
