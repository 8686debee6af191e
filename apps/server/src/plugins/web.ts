import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const PLACEHOLDER = '<!--site-settings-->';

/** JSON that is safe inside a <script> element. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Puts the site settings into the page as data (not a script), so the first render has them. */
export function injectSettings(html: string, settings: SiteSettings): string {
  return html.replace(
    PLACEHOLDER,
    `<script type="application/json" id="site-settings">${scriptSafeJson(settings)}</script>`,
  );
}

export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * Serves the built web app: hashed assets with a one-year cache, other files
 * for a day, and the app's page for every other GET outside /api.
 * Returns the handler for paths without a file, or undefined when there is no build.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string | undefined,
  settings: () => Promise<SiteSettings>,
): Promise<PageFallback | undefined> {
  if (!webDist || !fs.existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'no web build found; serving the API only');
    return undefined;
  }
  const indexHtml = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');

  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    wildcard: true,
    maxAge: '1d',
    setHeaders(reply, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });

  const page: PageFallback = async (_request, reply) => {
    const html = injectSettings(indexHtml, await settings());
    return reply
      .code(200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  };
  // '/' is the folder itself, which the static files plugin does not answer;
  // /index.html must get the settings too.
  app.get('/', page);
  app.get('/index.html', page);
  return page;
}
