import type { DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { RouterProvider } from 'react-router';
import { createQueryClient, Providers } from './providers';
import { createRouter, preloadCurrentRoutes } from './router';

function readQueryState(): DehydratedState | undefined {
  const element = document.getElementById('query-state');
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as DehydratedState;
  } catch {
    return undefined;
  }
}

/** The whole app for the browser, with the code of the current page loaded. */
export async function createClientApp(serverRendered: boolean) {
  if (serverRendered) await preloadCurrentRoutes(window.location);
  return (
    <StrictMode>
      <Providers client={createQueryClient(readQueryState())}>
        <RouterProvider router={createRouter()} />
      </Providers>
    </StrictMode>
  );
}
