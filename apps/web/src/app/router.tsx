import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

/**
 * The browser's router. For a page rendered on the server it is returned once
 * the code of the lazy routes that match the current address has loaded, so
 * that hydrating finds the same components the server used. The router loads
 * them itself on its first navigation (its own matching of the routes; a second
 * one here cost 60 ms of a slow phone's start-up).
 */
export async function createRouter(serverRendered: boolean) {
  const router = createBrowserRouter(routes);
  if (serverRendered && !router.state.initialized) {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  }
  return router;
}
