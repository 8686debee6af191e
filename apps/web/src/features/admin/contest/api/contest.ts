import { adminSettingsResponseSchema } from '@housnkuh/shared/schemas/admin';
import {
  adminContestResponseSchema,
  contestDrawResponseSchema,
  contestEvaluationResponseSchema,
} from '@housnkuh/shared/schemas/admin-contest';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';
import { SITE_SETTINGS_QUERY_KEY } from '../../../../lib/site-settings';

function useKey(...parts: unknown[]) {
  return adminQueryKeys.of(useAdminSession()?.token ?? '', 'contest', ...parts);
}

export function useContest(filters: { search: string; page: number }) {
  const key = useKey(filters);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(filters.page), limit: '25' });
      if (filters.search) query.set('search', filters.search);
      return adminRequest(`/admin/vendor-contest?${query}`, {
        schema: adminContestResponseSchema,
        signal,
      });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSaveContestSettings() {
  const client = useQueryClient();
  const key = useKey();
  return useMutation({
    mutationFn: (contest: { active: boolean; closingDate: string | null }) =>
      adminRequest('/admin/settings', {
        method: 'PATCH',
        body: { contest },
        schema: adminSettingsResponseSchema,
      }),
    onSuccess: (result) => {
      client.setQueryData(SITE_SETTINGS_QUERY_KEY, result.settings);
      void client.invalidateQueries({ queryKey: key });
    },
  });
}

export function useEvaluateContest() {
  return useMutation({
    mutationFn: (answers: string[]) =>
      adminRequest('/admin/vendor-contest/evaluate', {
        body: { answers },
        schema: contestEvaluationResponseSchema,
      }),
  });
}

export function useDrawWinner() {
  const client = useQueryClient();
  const key = useKey();
  return useMutation({
    mutationFn: (answers: string[]) =>
      adminRequest('/admin/vendor-contest/draw', {
        body: { answers },
        schema: contestDrawResponseSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
