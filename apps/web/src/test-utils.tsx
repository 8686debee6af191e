import type { VendorUser } from '@housnkuh/shared/schemas/vendor';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

/** Renders `element` at `path` inside a router (with extra routes) and a fresh query client. */
export function renderWithRouter(
  element: ReactNode,
  { path = '/', routes = [] as RouteObject[] } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '/', element, children: [] }, ...routes, { path: '*', element }],
    { initialEntries: [path] },
  );
  const utils = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router };
}

/** Replaces fetch with a function answering like the server would. */
export function stubFetch(
  handler: (url: string, init?: RequestInit) => Promise<Response> | Response,
) {
  const calls: { url: string; init?: RequestInit }[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    return handler(url, init);
  }) as typeof fetch;
  return calls;
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A vendor's session token as the server issues them (43 URL-safe characters). */
export const VENDOR_TOKEN = 'T'.repeat(43);

/** A signed-in vendor as the login and the session check answer it. */
export const VENDOR_USER: VendorUser = {
  id: '3f2a0c4e-0000-4000-8000-000000000001',
  name: 'Anna Huber',
  email: 'anna@beispiel.de',
  unternehmen: null,
  telefon: null,
  profilBild: null,
  isVendor: true,
  accountStatus: 'Vor-registriert',
  registrationDate: '2026-11-01T10:00:00.000Z',
};

/** A signed-in admin as the login and the session check answer it. */
export const ADMIN_USER = { id: 'a1', username: 'eva', name: 'Eva Muster', isAdmin: true };

/** The browser holds an admin's session, as after the login. */
export function signInAdmin() {
  localStorage.setItem('adminToken', 'token-1');
  localStorage.setItem('user', JSON.stringify(ADMIN_USER));
}
