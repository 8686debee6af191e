import {
  billingSettingsResponseSchema,
  type BillingSettingsInput,
} from '@housnkuh/shared/schemas/billing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';

function useBillingSettingsKey() {
  return adminQueryKeys.of(useAdminSession()?.token ?? '', 'billing-settings');
}

/** The shop's billing data (Einstellungen → Abrechnung), admins only. */
export function useBillingSettings() {
  const key = useBillingSettingsKey();
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      adminRequest('/admin/billing-settings', { schema: billingSettingsResponseSchema, signal }),
    staleTime: 0,
  });
}

/** PUT /admin/billing-settings: the whole billing data. */
export function useSaveBillingSettings() {
  const client = useQueryClient();
  const key = useBillingSettingsKey();
  return useMutation({
    mutationFn: (input: BillingSettingsInput) =>
      adminRequest('/admin/billing-settings', {
        method: 'PUT',
        body: input,
        schema: billingSettingsResponseSchema,
      }),
    onSuccess: (result) => client.setQueryData(key, result),
  });
}
