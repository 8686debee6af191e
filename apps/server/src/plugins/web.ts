import fs from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { isoDayInBerlin } from '@housnkuh/shared/format';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The pages of the web app as the modules see them. */
export interface PageRegistry {
  /** A module's data for pages rendered on the server, by the name entry-server.tsx asks for. */
  addLoader(name: string, loader: PageDataLoader): void;
  /** Answers a GET for a page address; undefined without a web build. */
  handler: PageHandler | undefined;
  /** Forgets every rendered page: an admin changed data a page shows (FAQ, tags …). */
  invalidate(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The addresses whose rendered page is cached right now (for monitoring and tests). */
    cachedPages(): string[];
    /** The built web app, when there is one (read once at start). */
    webBuild: WebBuild | undefined;
    pages: PageRegistry;
  }
}

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

/**
 * Replaces the first `search` in `html` with `text` taken literally. A string
 * as replacement would read `$&`, `` $` ``, `$'` in stored text as patterns (and,
 * say, copy the whole template into the page); a function's result is never read so.
 */
function replaceLiterally(html: string, search: string | RegExp, text: string): string {
  return html.replace(search, () => text);
}

/** Puts the site settings into the page as data (not a script), so the first render has them. */
export function injectSettings(html: string, settings: SiteSettings): string {
  return replaceLiterally(html, SETTINGS_PLACEHOLDER, dataScript('site-settings', settings));
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
    modules?: string[];
  }>;
  /** The canonical address of the page `url` shows, null for a 404 (see entry-server.tsx). */
  canonicalPath?(url: string): string | null;
}

export type PageHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** The built web app as the server uses it. */
export interface WebBuild {
  dist: string;
  /** index.html with its stylesheet inlined. */
  template: string;
  /** CSP hashes ('sha256-…') of the inlined styles. */
  styleHashes: string[];
  /** CSP hashes of the template's inline scripts (the early-click keeper of index.html). */
  scriptHashes: string[];
  ssr: SsrModule | undefined;
  /** modulepreload links for a page's lazy route modules (none without a manifest). */
  preloadLinks: (modules: readonly string[]) => string;
}

/** One chunk in Vite's build manifest (apps/web/dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The client app's module: every page needs it, the entry loads it only after React. */
const CLIENT_APP_MODULE = 'src/app/client-app.tsx';

/**
 * `<link rel="modulepreload">` for modules and the chunks they import, so the
 * browser fetches a page's code while it reads the HTML instead of one chunk
 * after the other as the entry imports them. Skips files the page already
 * names (`known`); fetched with low priority like the entry's own preloads,
 * behind what the first paint needs.
 */
export function modulePreloader(
  manifest: Record<string, ManifestChunk>,
  known: ReadonlySet<string>,
): (modules: readonly string[]) => string {
  return (modules) => {
    const files: string[] = [];
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      for (const imported of chunk.imports ?? []) visit(imported);
      const href = `/${chunk.file}`;
      if (!known.has(href) && !files.includes(href)) files.push(href);
    };
    for (const module of modules) visit(module);
    return files
      .map((href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}">`)
      .join('');
  };
}

function readManifest(webDist: string): Record<string, ManifestChunk> {
  const file = path.join(webDist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return {};
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
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
  const scriptHashes = [...template.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
  );
  const ssrEntry = path.join(path.dirname(webDist), 'dist-ssr', 'entry-server.js');
  const ssr = fs.existsSync(ssrEntry)
    ? ((await import(pathToFileURL(ssrEntry).href)) as SsrModule)
    : undefined;
  // every page needs the client app: announced in the template itself
  const known = new Set(
    [...template.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
      (match) => match[1]!,
    ),
  );
  const preloadLinks = modulePreloader(readManifest(webDist), known);
  template = template.replace('</head>', () => `${preloadLinks([CLIENT_APP_MODULE])}</head>`);
  for (const match of template.matchAll(/href="(\/assets\/[^"]+\.js)"/g)) known.add(match[1]!);
  return { dist: webDist, template, styleHashes, scriptHashes, ssr, preloadLinks };
}

export interface WebOptions {
  build: WebBuild | undefined;
  settings: () => Promise<SiteSettings>;
  /** Data the pages may ask for while rendering on the server. */
  loaders: Record<string, PageDataLoader>;
  /** Pages (HTML answers) per client and minute; assets are not counted. */
  pagesPerMinute: number;
  /** Receives the function that empties the page cache. */
  onInvalidate: (clear: () => void) => void;
}

const TOO_MANY_PAGES =
  '<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Zu viele Anfragen</title></head>' +
  '<body><p>Zu viele Seitenaufrufe in kurzer Zeit. Bitte warte einen Moment und lade die Seite dann neu.</p></body></html>';

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
async function registerWeb(
  app: FastifyInstance,
  options: WebOptions,
): Promise<PageHandler | undefined> {
  const { build } = options;
  const cache = new Map<
    string,
    {
      at: number;
      /** The Berlin day it was rendered on: pages name the shop's phase and dates of today. */
      day: string;
      settings: SiteSettings;
      hasData: boolean;
      status: number;
      body: string;
    }
  >();
  app.decorate('cachedPages', () => [...cache.keys()]);
  options.onInvalidate(() => cache.clear());
  if (!build) {
    app.log.warn('no web build found; serving the API only');
    return undefined;
  }
  const { template, ssr, dist: webDist, preloadLinks } = build;
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
    // the build's manifest (.vite/) is for the server, not for visitors; source
    // maps are never published (the client build writes none; this also covers
    // one left in the folder): such an address is an unknown page
    allowedPath: (pathName) => !pathName.startsWith('/.vite/') && !/\.map$/i.test(pathName),
  });

  /** Rendering costs; per client, a generous limit for people (assets are free). */
  const pageLimit = app.createRateLimit({
    max: options.pagesPerMinute,
    timeWindow: '1 minute',
    // the global limiter's allow list exempts pages; this one counts them
    allowList: () => false,
  });

  async function renderPage(
    url: string,
    settings: SiteSettings,
    canonical: string | null | undefined,
  ) {
    if (!ssr || CLIENT_ONLY.test(url)) {
      // the app shell; the browser shows the page, or the 404 page when no route matches
      const status = canonical === null ? 404 : 200;
      return { status, hasData: false, body: injectSettings(template, settings) };
    }
    const result = await ssr.render(url, settings, options.loaders);
    if (result.location) {
      return { status: result.status, hasData: false, location: result.location, body: '' };
    }
    let html = replaceLiterally(
      injectSettings(template, settings),
      ROOT_ELEMENT,
      `<div id="root">${result.html}</div>`,
    );
    if (result.meta) {
      html = replaceLiterally(
        html,
        /<title>[\s\S]*?<\/title>/,
        `<title>${escapeAttribute(result.meta.title)}</title>`,
      );
      html = replaceLiterally(
        html,
        /<meta\s+name="description"[\s\S]*?\/>/,
        `<meta name="description" content="${escapeAttribute(result.meta.description)}" />`,
      );
    }
    if (result.queryState) {
      html = replaceLiterally(
        html,
        '</head>',
        `${dataScript('query-state', result.queryState)}</head>`,
      );
    }
    if (result.modules?.length) {
      const links = preloadLinks(result.modules);
      html = html.replace('</head>', () => `${links}</head>`);
    }
    return { status: result.status, hasData: Boolean(result.queryState), body: html };
  }

  const page: PageHandler = async (request, reply) => {
    const limit = await pageLimit(request);
    if (!limit.isAllowed && limit.isExceeded) {
      return reply
        .code(429)
        .header('retry-after', String(limit.ttlInSeconds))
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(TOO_MANY_PAGES);
    }
    const settings = await options.settings();
    const url = request.url;
    /** undefined: no server-rendering build to ask; null: no route matches (404). */
    const canonical = ssr?.canonicalPath ? ssr.canonicalPath(url) : undefined;
    // Only a page at its canonical address is cached, so other spellings ('/FAQ'),
    // unknown addresses and query strings cannot fill the cache or push pages out.
    const cacheable = !url.includes('?') && canonical === url;
    const hit = cacheable ? cache.get(url) : undefined;
    const today = isoDayInBerlin();
    let status: number;
    let body: string;
    if (
      hit &&
      hit.settings === settings &&
      hit.day === today &&
      (!hit.hasData || Date.now() - hit.at < DATA_CACHE_MS)
    ) {
      ({ status, body } = hit);
    } else {
      const rendered = await renderPage(url, settings, canonical);
      if ('location' in rendered && rendered.location) return reply.redirect(rendered.location);
      ({ status, body } = rendered);
      if (cacheable && status === 200) {
        if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
        cache.set(url, {
          at: Date.now(),
          day: today,
          settings,
          hasData: rendered.hasData,
          status,
          body,
        });
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

/**
 * The web build, read once at start (loadWebBuild, before the plugins and their time limit), as
 * app.webBuild: the security headers need its style hashes.
 */
export const webBuildPlugin = fp(
  async (app: FastifyInstance, options: { webBuild: WebBuild | undefined }) => {
    app.decorate('webBuild', options.webBuild);
  },
  { name: 'web-build', dependencies: ['core'] },
);

/**
 * The web app: compression, the built files, and every other GET outside /api
 * as a page, rendered on the server with the data the modules' loaders give.
 */
export const webPlugin = fp(
  async (app: FastifyInstance) => {
    // Answers over 1 KB compressed on the fly; brotli at a fast level (built assets come precompressed).
    await app.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
    const loaders: Record<string, PageDataLoader> = {};
    const pages: PageRegistry = {
      addLoader: (name, loader) => void (loaders[name] = loader),
      handler: undefined,
      invalidate: () => {},
    };
    app.decorate('pages', pages);
    pages.handler = await registerWeb(app, {
      build: app.webBuild,
      pagesPerMinute: app.config.pageRateLimit,
      onInvalidate: (clear) => (pages.invalidate = clear),
      settings: () => app.settings.get(),
      loaders,
    });
  },
  { name: 'web', dependencies: ['core', 'web-build', 'security'] },
);
