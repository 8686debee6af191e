import {
  adminSettingsResponseSchema,
  type AdminSettingsPatch,
} from '@housnkuh/shared/schemas/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';
import { SITE_SETTINGS_QUERY_KEY } from '../../../../lib/site-settings';

export function useAdminSettings() {
  const token = useAdminSession()?.token ?? '';
  return useQuery({
    queryKey: adminQueryKeys.of(token, 'settings'),
    queryFn: ({ signal }) =>
      adminRequest('/admin/settings', { schema: adminSettingsResponseSchema, signal }),
    staleTime: 0,
  });
}

/** PATCH /admin/settings; the site's own copy of the settings follows at once. */
export function useSaveSettings() {
  const client = useQueryClient();
  const token = useAdminSession()?.token ?? '';
  return useMutation({
    mutationFn: (patch: AdminSettingsPatch) =>
      adminRequest('/admin/settings', {
        method: 'PATCH',
        body: patch,
        schema: adminSettingsResponseSchema,
      }),
    onSuccess: (result) => {
      client.setQueryData(adminQueryKeys.of(token, 'settings'), result);
      client.setQueryData(SITE_SETTINGS_QUERY_KEY, result.settings);
    },
  });
}
