import {
  adminFaqResponseSchema,
  adminFaqsResponseSchema,
  type CreateFaqInput,
  type UpdateFaqInput,
} from '@housnkuh/shared/schemas/admin-faq';
import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';

function useFaqKey() {
  return adminQueryKeys.of(useAdminSession()?.token ?? '', 'faq');
}

export function useAdminFaqs() {
  const key = useFaqKey();
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      adminRequest('/admin/faq', { schema: adminFaqsResponseSchema, signal }),
  });
}

function useFaqMutation<T, R>(call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  const key = useFaqKey();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export const useCreateFaq = () =>
  useFaqMutation((input: CreateFaqInput) =>
    adminRequest('/admin/faq', { body: input, schema: adminFaqResponseSchema }),
  );

export const useUpdateFaq = (id: string) =>
  useFaqMutation((input: UpdateFaqInput) =>
    adminRequest(`/admin/faq/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: input,
      schema: adminFaqResponseSchema,
    }),
  );

export const useDeleteFaq = (id: string) =>
  useFaqMutation(() =>
    adminRequest(`/admin/faq/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      schema: messageResponseSchema,
    }),
  );

export const useMoveFaq = (id: string) =>
  useFaqMutation((direction: 'up' | 'down') =>
    adminRequest(`/admin/faq/${encodeURIComponent(id)}/move`, {
      body: { direction },
      schema: adminFaqsResponseSchema,
    }),
  );
