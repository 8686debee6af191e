import type { VendorLoginInput } from '@housnkuh/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginVendor } from '../../../../lib/vendor-login';

/** The login page's sign-in (lib/vendor-login.ts). */
export function useVendorLogin() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (input: VendorLoginInput) => loginVendor(client, input) });
}
