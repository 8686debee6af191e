import { PUBLIC_PAGES } from '@housnkuh/shared/public-pages';
import { vendors } from '../../db/schema/vendors';
import { isListed } from '../directory/directory.service';
import type { FastifyPluginAsync } from 'fastify';

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** robots.txt and sitemap.xml, with the public address of this installation. */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  const base = app.config.publicUrl;

  app.get('/robots.txt', async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /vendor/',
      'Disallow: /admin/',
      'Disallow: /newsletter/confirm',
      '',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ].join('\n');
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    const urls = PUBLIC_PAGES.map(
      (page) =>
        `  <url><loc>${escapeXml(base + page.path)}</loc><changefreq>${page.changefreq}</changefreq><priority>${page.priority.toFixed(1)}</priority></url>`,
    );
    // every listed producer's profile
    const listed = await app.db
      .select({ id: vendors.id, updatedAt: vendors.updatedAt })
      .from(vendors)
      .where(isListed)
      .orderBy(vendors.nameKey)
      .limit(10_000);
    for (const vendor of listed) {
      urls.push(
        `  <url><loc>${escapeXml(`${base}/direktvermarkter/${vendor.id}`)}</loc><lastmod>${vendor.updatedAt.toISOString().slice(0, 10)}</lastmod><changefreq>weekly</changefreq><priority>0.6</priority></url>`,
      );
    }
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  });
};
