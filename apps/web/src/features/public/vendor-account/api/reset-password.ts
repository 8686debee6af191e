import type { z } from 'zod';
import type { resetPasswordSchema } from '@housnkuh/shared/schemas/vendor';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api';

export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** POST /api/vendor-auth/reset-password: sets the new password with the token from the mail. */
export async function resetPassword(input: ResetPasswordInput) {
  const { messageResponseSchema } = await import('@housnkuh/shared/schemas/common');
  return apiRequest('/vendor-auth/reset-password', {
    body: input,
    schema: messageResponseSchema,
    timeoutMs: 15_000,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
