import fs from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const SETTINGS_PLACEHOLDER = '<!--site-settings-->';
const ROOT_ELEMENT = '<div id="root"></div>';

/** JSON that is safe inside a <script> element. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function dataScript(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${scriptSafeJson(value)}</script>`;
}

/** Puts the site settings into the page as data (not a script), so the first render has them. */
export function injectSettings(html: string, settings: SiteSettings): string {
  return html.replace(SETTINGS_PLACEHOLDER, dataScript('site-settings', settings));
}

/** Loads a page's data with the route's params; undefined means "not found" (404). */
export type PageDataLoader = (params: Record<string, string | undefined>) => Promise<unknown>;

/** The server-rendering bundle built from apps/web/src/entry-server.tsx. */
interface SsrModule {
  render(
    url: string,
    settings: SiteSettings,
    loaders: Record<string, PageDataLoader>,
  ): Promise<{
    status: number;
    location?: string;
    html: string;
    meta?: { title: string; description: string };
    queryState?: unknown;
  }>;
}

export type PageHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** The built web app as the server uses it. */
export interface WebBuild {
  dist: string;
  /** index.html with its stylesheet inlined. */
  template: string;
  /** CSP hashes ('sha256-…') of the inlined styles. */
  styleHashes: string[];
  ssr: SsrModule | undefined;
}

/**
 * Reads the web build once at start. The stylesheet (small, and what the first
 * paint waits for) goes into the page itself, saving a round trip on slow
 * connections; the Content-Security-Policy allows exactly its hash.
 */
export async function loadWebBuild(webDist: string | undefined): Promise<WebBuild | undefined> {
  if (!webDist || !fs.existsSync(path.join(webDist, 'index.html'))) return undefined;
  let template = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const styleHashes: string[] = [];
  for (const link of template.match(/<link rel="stylesheet"[^>]*>/g) ?? []) {
    const href: string | undefined = /href="\/([^"]+)"/.exec(link)?.[1];
    const file: string | undefined = href ? path.join(webDist, href) : undefined;
    if (!file || !file.startsWith(webDist) || !fs.existsSync(file)) continue;
    const css = fs.readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style');
    styleHashes.push(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    template = template.replace(link, () => `<style>${css}</style>`);
  }
  const ssrEntry = path.join(path.dirname(webDist), 'dist-ssr', 'entry-server.js');
  const ssr = fs.existsSync(ssrEntry)
    ? ((await import(pathToFileURL(ssrEntry).href)) as SsrModule)
    : undefined;
  return { dist: webDist, template, styleHashes, ssr };
}

export interface WebOptions {
  build: WebBuild | undefined;
  settings: () => Promise<SiteSettings>;
  /** Data the pages may ask for while rendering on the server. */
  loaders: Record<string, PageDataLoader>;
}

/** Areas that depend on a login kept in the browser: served as the plain app shell. */
const CLIENT_ONLY = /^\/(vendor|admin)(\/|$)/;
/** Pages with data from the database (e.g. the FAQs) are re-rendered after this; others when settings change. */
const DATA_CACHE_MS = 5_000;
const CACHE_ENTRIES = 200;

/**
 * Serves the built web app: hashed assets with a one-year cache, other files
 * for a day, and every other GET outside /api as a page. Public pages are
 * rendered on the server (when the SSR build exists) with the current settings
 * and cached for a few seconds; the HTML carries their content.
 * Returns the page handler, or undefined when there is no build.
 */
export async function registerWeb(
  app: FastifyInstance,
  options: WebOptions,
): Promise<PageHandler | undefined> {
  const { build } = options;
  if (!build) {
    app.log.warn('no web build found; serving the API only');
    return undefined;
  }
  const { template, ssr, dist: webDist } = build;
  if (!ssr) app.log.warn('no server-rendering build found; pages render in the browser only');

  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    wildcard: true,
    maxAge: '1d',
    // .br and .gz written at build time (apps/web/scripts/precompress.mjs)
    preCompressed: true,
    setHeaders(reply, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });

  const cache = new Map<
    string,
    { at: number; settings: SiteSettings; hasData: boolean; status: number; body: string }
  >();

  async function renderPage(url: string, settings: SiteSettings) {
    if (!ssr || CLIENT_ONLY.test(url)) {
      return { status: 200, hasData: false, body: injectSettings(template, settings) };
    }
    const result = await ssr.render(url, settings, options.loaders);
    if (result.location) {
      return { status: result.status, hasData: false, location: result.location, body: '' };
    }
    let html = injectSettings(template, settings).replace(
      ROOT_ELEMENT,
      `<div id="root">${result.html}</div>`,
    );
    if (result.meta) {
      html = html
        .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeAttribute(result.meta.title)}</title>`)
        .replace(
          /<meta\s+name="description"[\s\S]*?\/>/,
          `<meta name="description" content="${escapeAttribute(result.meta.description)}" />`,
        );
    }
    if (result.queryState) {
      html = html.replace('</head>', `${dataScript('query-state', result.queryState)}</head>`);
    }
    return { status: result.status, hasData: Boolean(result.queryState), body: html };
  }

  const page: PageHandler = async (request, reply) => {
    const settings = await options.settings();
    const url = request.url;
    const cacheable = !url.includes('?');
    const hit = cacheable ? cache.get(url) : undefined;
    let status: number;
    let body: string;
    if (hit && hit.settings === settings && (!hit.hasData || Date.now() - hit.at < DATA_CACHE_MS)) {
      ({ status, body } = hit);
    } else {
      const rendered = await renderPage(url, settings);
      if ('location' in rendered && rendered.location) return reply.redirect(rendered.location);
      ({ status, body } = rendered);
      if (cacheable && status === 200) {
        if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
        cache.set(url, { at: Date.now(), settings, hasData: rendered.hasData, status, body });
      }
    }
    return reply
      .code(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(body);
  };
  // '/' is the folder itself, which the static files plugin does not answer;
  // /index.html must get the settings too.
  app.get('/', page);
  app.get('/index.html', page);
  return page;
}
