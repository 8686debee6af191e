import {
  adminTagResponseSchema,
  adminTagsResponseSchema,
  type CreateTagInput,
  type UpdateTagInput,
} from '@housnkuh/shared/schemas/admin-tags';
import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';

function useTagsKey() {
  return adminQueryKeys.of(useAdminSession()?.token ?? '', 'tags');
}

export function useAdminTags() {
  const key = useTagsKey();
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      adminRequest('/admin/tags', { schema: adminTagsResponseSchema, signal }),
    staleTime: 0,
  });
}

function useTagMutation<T, R>(call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  const key = useTagsKey();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export const useCreateTag = () =>
  useTagMutation((input: CreateTagInput) =>
    adminRequest('/admin/tags', { body: input, schema: adminTagResponseSchema }),
  );

export const useUpdateTag = (id: string) =>
  useTagMutation((input: UpdateTagInput) =>
    adminRequest(`/admin/tags/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: input,
      schema: adminTagResponseSchema,
    }),
  );

export const useDeleteTag = (id: string) =>
  useTagMutation((confirm: number) =>
    adminRequest(`/admin/tags/${encodeURIComponent(id)}?confirm=${confirm}`, {
      method: 'DELETE',
      schema: messageResponseSchema,
    }),
  );
