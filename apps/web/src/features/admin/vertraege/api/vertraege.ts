import {
  earliestEndResponseSchema,
  lifecycleRunResponseSchema,
  mietfaecherResponseSchema,
  vertraegeResponseSchema,
  vertragResponseSchema,
  type TerminateContractInput,
} from '@housnkuh/shared/schemas/admin-rental';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';

function useToken() {
  return useAdminSession()?.token ?? '';
}

export function useVertraege(filters: { phase: string; search: string; page: number }) {
  return useQuery({
    queryKey: adminQueryKeys.of(useToken(), 'vertraege', filters),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(filters.page), limit: '25' });
      if (filters.phase) query.set('phase', filters.phase);
      if (filters.search) query.set('search', filters.search);
      return adminRequest(`/admin/vertraege?${query}`, { schema: vertraegeResponseSchema, signal });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useVertrag(id: string) {
  return useQuery({
    queryKey: adminQueryKeys.of(useToken(), 'vertraege', 'detail', id),
    queryFn: ({ signal }) =>
      adminRequest(`/admin/vertraege/${encodeURIComponent(id)}`, {
        schema: vertragResponseSchema,
        signal,
      }),
    staleTime: 0,
  });
}

export function useEarliestEnd(id: string, noticeDate: string, kind: 'vendor' | 'shop') {
  return useQuery({
    queryKey: adminQueryKeys.of(useToken(), 'vertraege', 'earliest', id, noticeDate, kind),
    queryFn: ({ signal }) =>
      adminRequest(
        `/admin/vertraege/${encodeURIComponent(id)}/earliest-end?noticeDate=${encodeURIComponent(noticeDate)}&kind=${kind}`,
        { schema: earliestEndResponseSchema, signal },
      ),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(noticeDate),
    retry: false,
  });
}

function useEnd<T>(path: string) {
  const client = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: (input: T) => adminRequest(path, { body: input, schema: vertragResponseSchema }),
    onSuccess: () => {
      for (const part of ['vertraege', 'mietfaecher']) {
        void client.invalidateQueries({ queryKey: adminQueryKeys.of(token, part) });
      }
    },
  });
}

export const useTerminate = (id: string) =>
  useEnd<TerminateContractInput>(`/admin/vertraege/${encodeURIComponent(id)}/terminate`);

export const useTerminateExtraordinarily = (id: string) =>
  useEnd<{ endDate: string; ground: string; reason: string }>(
    `/admin/vertraege/${encodeURIComponent(id)}/extraordinary`,
  );

/** POST /admin/vertraege/lifecycle: the daily contract job, now. */
export function useRunLifecycle() {
  const client = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: () =>
      adminRequest('/admin/vertraege/lifecycle', { body: {}, schema: lifecycleRunResponseSchema }),
    onSuccess: () => {
      for (const part of ['vertraege', 'mietfaecher']) {
        void client.invalidateQueries({ queryKey: adminQueryKeys.of(token, part) });
      }
    },
  });
}

/** The shop floor, for choosing the units of a change. */
export function useUnits() {
  return useQuery({
    queryKey: adminQueryKeys.of(useToken(), 'mietfaecher', 'for-change'),
    queryFn: ({ signal }) =>
      adminRequest('/admin/mietfaecher', { schema: mietfaecherResponseSchema, signal }),
    staleTime: 0,
  });
}

export const useChangeContract = (id: string) =>
  useEnd<ContractChangeBody>(`/admin/vertraege/${encodeURIComponent(id)}/change`);

export interface ContractChangeBody {
  validFrom: string;
  mietfachIds: string[];
  priceCents: Record<string, number>;
  provisionType: 'basic' | 'premium';
  zusatzleistungen: { lagerservice: boolean; versandservice: boolean };
  reason: string;
}
