import { createBrowserRouter, matchRoutes } from 'react-router';
import { routes } from './routes';

/**
 * Loads the code of the lazy routes that match the current address, so that
 * hydrating server-rendered HTML finds the same components the server used.
 */
export async function preloadCurrentRoutes(location: Location): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

export function createRouter() {
  return createBrowserRouter(routes);
}
