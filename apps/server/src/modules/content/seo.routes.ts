import type { FastifyPluginAsync } from 'fastify';
import { robotsTxt, sitemapXml } from './seo.service';

/** robots.txt and sitemap.xml, with the public address of this installation. */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  app.get('/robots.txt', async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return robotsTxt(app.config.publicUrl);
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return sitemapXml(app.db, app.config.publicUrl);
  });
};
