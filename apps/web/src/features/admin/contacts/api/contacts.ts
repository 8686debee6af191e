import {
  adminContactResponseSchema,
  adminContactsResponseSchema,
  type ContactReplyInput,
  type ContactStatus,
} from '@housnkuh/shared/schemas/admin-contacts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';

function useKey(...parts: unknown[]) {
  return adminQueryKeys.of(useAdminSession()?.token ?? '', 'contacts', ...parts);
}

export function useContacts(filters: { search: string; status: string; page: number }) {
  const key = useKey('list', filters);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(filters.page), limit: '25' });
      if (filters.search) query.set('search', filters.search);
      if (filters.status) query.set('status', filters.status);
      return adminRequest(`/admin/contacts?${query}`, {
        schema: adminContactsResponseSchema,
        signal,
      });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useContact(id: string) {
  const key = useKey('detail', id);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      adminRequest(`/admin/contacts/${encodeURIComponent(id)}`, {
        schema: adminContactResponseSchema,
        signal,
      }),
    staleTime: 0,
  });
}

function useContactMutation<T>(id: string, call: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  const all = useKey();
  const detail = useKey('detail', id);
  return useMutation({
    mutationFn: call,
    onSuccess: (result) => {
      client.setQueryData(detail, result);
      void client.invalidateQueries({ queryKey: [...all, 'list'] });
    },
  });
}

export const useSetContactStatus = (id: string) =>
  useContactMutation(id, (status: ContactStatus) =>
    adminRequest(`/admin/contacts/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: { status },
      schema: adminContactResponseSchema,
    }),
  );

export const useReplyToContact = (id: string) =>
  useContactMutation(id, (input: ContactReplyInput) =>
    adminRequest(`/admin/contacts/${encodeURIComponent(id)}/reply`, {
      body: input,
      schema: adminContactResponseSchema,
    }),
  );
