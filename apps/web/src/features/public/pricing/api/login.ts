import type { VendorLoginInput } from '@housnkuh/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginVendor } from '../../../../lib/vendor-login';

/**
 * The registration modal's 'Ich habe ein Konto' tab: a vendor signs in to book
 * more space (lib/vendor-login.ts, the same call as the login page's).
 */
export function useLoginToBook() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (input: VendorLoginInput) => loginVendor(client, input) });
}
