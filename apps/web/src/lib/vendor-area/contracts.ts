import {
  vendorContractsResponseSchema,
  vendorNoticeResponseSchema,
} from '@housnkuh/shared/schemas/admin-rental';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api';
import { useStoredVendorSession, vendorQueryKeys } from '../vendor-token';

/** GET /vendor-auth/contracts: the signed-in producer's contracts. */
export function useContracts() {
  const session = useStoredVendorSession();
  const token = session?.token ?? '';
  return useQuery({
    queryKey: [...vendorQueryKeys.bookings(token), 'contracts'],
    queryFn: ({ signal }) =>
      apiRequest('/vendor-auth/contracts', {
        token,
        schema: vendorContractsResponseSchema,
        signal,
      }),
    enabled: Boolean(session?.checked),
    staleTime: 0,
  });
}

/** POST /vendor-auth/contracts/{id}/notice */
export function useGiveNotice(id: string) {
  const session = useStoredVendorSession();
  const token = session?.token ?? '';
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      apiRequest(`/vendor-auth/contracts/${encodeURIComponent(id)}/notice`, {
        token,
        body: reason.trim() ? { reason } : {},
        schema: vendorNoticeResponseSchema,
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: vendorQueryKeys.bookings(token) });
    },
  });
}

/** GET /vendor-auth/contracts/{id}/model: what switching to `provisionType` would mean. */
export function useModelPreview(id: string, provisionType: 'basic' | 'premium', enabled: boolean) {
  const session = useStoredVendorSession();
  const token = session?.token ?? '';
  return useQuery({
    queryKey: [...vendorQueryKeys.bookings(token), 'model', id, provisionType],
    queryFn: async ({ signal }) => {
      const { vendorModelPreviewSchema } = await import('@housnkuh/shared/schemas/admin-rental');
      return apiRequest(
        `/vendor-auth/contracts/${encodeURIComponent(id)}/model?provisionType=${provisionType}`,
        { token, schema: vendorModelPreviewSchema, signal },
      );
    },
    enabled: Boolean(session?.checked) && enabled,
    retry: false,
  });
}

/** POST /vendor-auth/contracts/{id}/model */
export function useSwitchModel(id: string) {
  const session = useStoredVendorSession();
  const token = session?.token ?? '';
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (provisionType: 'basic' | 'premium') => {
      const { vendorModelResponseSchema } = await import('@housnkuh/shared/schemas/admin-rental');
      return apiRequest(`/vendor-auth/contracts/${encodeURIComponent(id)}/model`, {
        token,
        body: { provisionType },
        schema: vendorModelResponseSchema,
      });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: vendorQueryKeys.bookings(token) });
    },
  });
}
