import type { DehydratedState } from '@tanstack/react-query';
import { StrictMode, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { replayEarlyClicks } from '../lib/early-clicks';
import { createQueryClient, Providers } from './providers';
import { createRouter } from './router';

function readQueryState(): DehydratedState | undefined {
  const element = document.getElementById('query-state');
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as DehydratedState;
  } catch {
    return undefined;
  }
}

/** Name of the performance mark set when React has taken the page over (scripts/lighthouse.mjs). */
export const INTERACTIVE_MARK = 'housnkuh:interactive';

/**
 * Sets INTERACTIVE_MARK in the first commit, after its children's effects:
 * hydration (or the first render) is done; then the clicks that came before
 * are replayed (lib/early-clicks.ts). A wrapper with one child, not a
 * sibling: a sibling would change the ids useId gives (they follow the tree's
 * shape), so they would no longer match the server's.
 */
function InteractiveMark({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    if (performance.getEntriesByName(INTERACTIVE_MARK).length === 0) {
      performance.mark(INTERACTIVE_MARK);
    }
  }, []);
  // after the first commit's effects, when every page's own hooks are ready
  useEffect(replayEarlyClicks, []);
  return children;
}

/** The whole app for the browser, with the code of the current page loaded. */
export async function createClientApp(serverRendered: boolean) {
  const router = await createRouter(serverRendered);
  return (
    <StrictMode>
      <Providers client={createQueryClient(readQueryState())}>
        <InteractiveMark>
          <RouterProvider router={router} />
        </InteractiveMark>
      </Providers>
    </StrictMode>
  );
}
