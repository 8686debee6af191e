import { ERRORS } from '@housnkuh/shared/messages';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../../lib/api';
import {
  clearVendorSession,
  readVendorSession,
  vendorQueryKeys,
} from '../../../../lib/vendor-token';

/**
 * POST /vendor-auth/logout. The session ends in the browser either way (the
 * server's expires in time); the answer says whether the server was reached.
 */
export async function logoutVendor(
  client: QueryClient,
): Promise<{ success: boolean; message: string }> {
  const token = readVendorSession()?.token;
  try {
    if (token) {
      const { messageResponseSchema } = await import('@housnkuh/shared/schemas/common');
      await apiRequest('/vendor-auth/logout', {
        method: 'POST',
        body: {},
        token,
        schema: messageResponseSchema,
        timeoutMs: 10_000,
      });
    }
    return { success: true, message: 'Abgemeldet' };
  } catch (error) {
    return {
      success: !(error instanceof ApiError && error.kind !== 'http'),
      message: ERRORS.logoutFailed,
    };
  } finally {
    clearVendorSession();
    client.removeQueries({ queryKey: vendorQueryKeys.all });
  }
}

export function useVendorLogout() {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => logoutVendor(client) });
}
