import { useQuery } from '@tanstack/react-query';

/**
 * A confirmation link's call (newsletter, account): made once per token,
 * never retried or refetched, since a second call would find the token used.
 */
export function useConfirmOnce<T>(
  name: string,
  token: string | null,
  confirm: (token: string) => Promise<T>,
) {
  return useQuery({
    queryKey: [name, token],
    queryFn: () => confirm(token!),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
