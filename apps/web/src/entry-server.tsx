/**
 * Server rendering of the public pages. The API server imports the bundle built
 * from this file (apps/web/dist-ssr) and renders each page with the current
 * site settings and, where a route asks for it, its data — so the HTML holds
 * the page's content before any script runs (docs/decisions/0009).
 */
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import {
  StaticRouterProvider,
  createStaticHandler,
  createStaticRouter,
  generatePath,
  matchRoutes,
  type StaticHandlerContext,
} from 'react-router';
import { createQueryClient, Providers } from './app/providers';
import { routes } from './app/routes';
import {
  SERVER_DATA,
  type Params,
  type RouteHandle,
  type ServerDataLoaders,
  type ServerDataSpec,
} from './app/server-data';
import { PageMetaCollector, type PageMeta } from './lib/page-meta';
import { SITE_SETTINGS_QUERY_KEY } from './lib/site-settings';

export interface RenderResult {
  status: number;
  /** Set for redirects. */
  location?: string;
  html: string;
  meta?: PageMeta;
  queryState?: DehydratedState;
  /** The modules of the page's lazy routes (as the build's manifest names them), for modulepreload. */
  modules?: string[];
}

const handler = createStaticHandler(routes);

/**
 * The page an address shows, as its one canonical address: the matched
 * route's pattern with the address's params, in lower case like every
 * address of the site ('/FAQ' and '/faq/' → '/faq'). null when only the
 * catch-all, or only a layout without a page of its own, matches (a 404).
 * The server caches pages only under their canonical address and answers
 * 404 for null, also in the areas it does not render (vendor, admin).
 */
export function canonicalPath(url: string): string | null {
  const { pathname } = new URL(url, 'http://localhost');
  const matches = matchRoutes(routes, pathname);
  const last = matches?.at(-1);
  if (!matches || !last || last.route.path === '*') return null;
  // a layout without a page of its own (e.g. '/vendor')
  if (last.route.children?.length) return null;
  const pattern = `/${matches
    .map((match) => match.route.path ?? '')
    .filter(Boolean)
    .join('/')}`.replace(/\/{2,}/g, '/');
  return generatePath(pattern, last.params).toLowerCase();
}

export async function render(
  url: string,
  settings: SiteSettings,
  loaders: ServerDataLoaders = {},
): Promise<RenderResult> {
  const request = new Request(new URL(url, 'http://localhost'));
  const context = await handler.query(request);
  if (context instanceof Response) {
    return { status: context.status, location: context.headers.get('location') ?? '/', html: '' };
  }

  const client = createQueryClient();
  client.setQueryData(SITE_SETTINGS_QUERY_KEY, settings);
  const requestUrl = new URL(url, 'http://localhost');
  const params: Params = Object.assign({}, ...context.matches.map((match) => match.params));
  const handles = context.matches.map((match) => match.route.handle as RouteHandle | undefined);
  const needed = new Set(handles.flatMap((handle) => handle?.serverData ?? []));
  const modules = handles.flatMap((handle) => (handle?.module ? [handle.module] : []));
  const loadedKeys = new Set<string>();
  let missing = false;
  for (const key of needed) {
    const spec: ServerDataSpec = SERVER_DATA[key];
    const load = loaders[key];
    if (!load || (spec.when && !spec.when(requestUrl))) continue;
    const data = await load(params);
    if (data === undefined) {
      missing = true;
      continue;
    }
    const queryKey = spec.queryKey(params);
    client.setQueryData(queryKey, data);
    loadedKeys.add(JSON.stringify(queryKey));
  }

  const router = createStaticRouter(handler.dataRoutes, context);
  let meta: PageMeta | undefined;
  const collector = {
    set(value: PageMeta) {
      meta = value;
    },
  };
  const html = renderToString(
    <PageMetaCollector.Provider value={collector}>
      <Providers client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </PageMetaCollector.Provider>,
  );

  const queryState = dehydrate(client, {
    shouldDehydrateQuery: (query) => loadedKeys.has(JSON.stringify(query.queryKey)),
  });
  return {
    status: missing ? 404 : statusOf(context),
    html,
    ...(meta ? { meta } : {}),
    ...(queryState.queries.length ? { queryState } : {}),
    ...(modules.length ? { modules } : {}),
  };
}

/** 404 when the catch-all route answered, else the handler's status. */
function statusOf(context: StaticHandlerContext): number {
  const last = context.matches[context.matches.length - 1];
  if (last?.route.path === '*') return 404;
  return context.statusCode;
}
