import {
  QueryClient,
  QueryClientProvider,
  hydrate,
  type DehydratedState,
} from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

export function createQueryClient(state?: DehydratedState) {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  if (state) hydrate(client, state);
  return client;
}

export function Providers({
  children,
  client: given,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  const [client] = useState(() => given ?? createQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
