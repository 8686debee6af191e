import type { ComponentType } from 'react';
import type { RouteHandle } from './server-data';

/** The pages that load on demand (all but the home page), by file: each is a chunk of its own. */
const PAGES = import.meta.glob<Record<string, ComponentType | undefined>>([
  '../features/**/*-page.tsx',
  '!../features/public/home/**',
]);

/**
 * A route's page, loaded on demand: `file` (under src/features, with its area,
 * without '.tsx': 'public/faq/faq-page') exports the component `name`. The route's handle names the module,
 * so that the server can announce the page's code with its HTML (modulepreload).
 */
export function page(file: string, name: string, handle: RouteHandle = {}) {
  const module = `../features/${file}.tsx`;
  const load = PAGES[module];
  if (!load) throw new Error(`${module}: no such page`);
  return {
    handle: { ...handle, module: `src/features/${file}.tsx` } satisfies RouteHandle,
    lazy: async () => {
      const Component = (await load())[name];
      if (!Component) throw new Error(`${module} does not export ${name}`);
      return { Component };
    },
  };
}

/**
 * A guard or a layout around pages, loaded on demand like them (not with the home page):
 * `module` is its file from the web app's root, announced with the page's HTML like a page's.
 */
export function frame(module: `src/app/${string}.tsx`, load: () => Promise<ComponentType>) {
  return {
    handle: { module } satisfies RouteHandle,
    lazy: async () => ({ Component: await load() }),
  };
}
