import type { z } from 'zod';
import type { forgotPasswordSchema } from '@housnkuh/shared/schemas/vendor';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api';

export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** POST /api/vendor-auth/forgot-password: mails a reset link (the answer never says whether the address is known). */
export async function requestPasswordReset(input: ForgotPasswordInput) {
  const { messageResponseSchema } = await import('@housnkuh/shared/schemas/common');
  return apiRequest('/vendor-auth/forgot-password', {
    body: input,
    schema: messageResponseSchema,
    timeoutMs: 15_000,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
