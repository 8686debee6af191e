import {
  goodsInResponseSchema,
  vertragResponseSchema,
  zusatzleistungenResponseSchema,
  type GoodsInInput,
} from '@housnkuh/shared/schemas/admin-rental';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';

function useToken() {
  return useAdminSession()?.token ?? '';
}

/** GET /admin/zusatzleistungen */
export function useZusatzleistungen() {
  return useQuery({
    queryKey: adminQueryKeys.of(useToken(), 'zusatzleistungen'),
    queryFn: ({ signal }) =>
      adminRequest('/admin/zusatzleistungen', { schema: zusatzleistungenResponseSchema, signal }),
    staleTime: 0,
  });
}

function useRefresh() {
  const client = useQueryClient();
  const token = useToken();
  return () => {
    for (const part of ['zusatzleistungen', 'vertraege']) {
      void client.invalidateQueries({ queryKey: adminQueryKeys.of(token, part) });
    }
  };
}

/** What a switch of services sends: a contract change of the services alone. */
export interface ServicesChange {
  validFrom: string;
  zusatzleistungen: { lagerservice: boolean; versandservice: boolean };
  reason: string;
}

/** The services of a contract from a day on: a contract change (POST /admin/vertraege/{id}/change). */
export function useSwitchServices(contractId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: ServicesChange) =>
      adminRequest(`/admin/vertraege/${encodeURIComponent(contractId)}/change`, {
        body: input,
        schema: vertragResponseSchema,
      }),
    onSuccess: refresh,
  });
}

/** POST /admin/zusatzleistungen/wareneingang */
export function useAddGoodsIn() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: GoodsInInput) =>
      adminRequest('/admin/zusatzleistungen/wareneingang', {
        body: input,
        schema: goodsInResponseSchema,
      }),
    onSuccess: refresh,
  });
}
