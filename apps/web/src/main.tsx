import type { DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient, Providers } from './app/providers';
import { createRouter, preloadCurrentRoutes } from './app/router';
import './styles.css';

function readQueryState(): DehydratedState | undefined {
  const element = document.getElementById('query-state');
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as DehydratedState;
  } catch {
    return undefined;
  }
}

const container = document.getElementById('root')!;
const serverRendered = container.hasChildNodes();
if (serverRendered) await preloadCurrentRoutes(window.location);

const app = (
  <StrictMode>
    <Providers client={createQueryClient(readQueryState())}>
      <RouterProvider router={createRouter()} />
    </Providers>
  </StrictMode>
);

if (serverRendered) hydrateRoot(container, app);
else createRoot(container).render(app);
