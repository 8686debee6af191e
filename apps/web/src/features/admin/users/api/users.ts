import {
  adminAccountResponseSchema,
  adminAccountsResponseSchema,
  adminVendorResponseSchema,
  adminVendorsResponseSchema,
  type CreateAdminInput,
  type PasswordLinkInput,
  type UpdateAdminInput,
  type UpdateVendorInput,
} from '@housnkuh/shared/schemas/admin-users';
import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';
import { ApiError } from '../../../../lib/api';

function useToken() {
  return useAdminSession()?.token ?? '';
}

export function useAdmins() {
  const token = useToken();
  return useQuery({
    queryKey: adminQueryKeys.of(token, 'users', 'admins'),
    queryFn: ({ signal }) =>
      adminRequest('/admin/users/admins', { schema: adminAccountsResponseSchema, signal }),
  });
}

export function useCreateAdmin() {
  const client = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: (input: CreateAdminInput) =>
      adminRequest('/admin/users/admins', { body: input, schema: adminAccountResponseSchema }),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: adminQueryKeys.of(token, 'users', 'admins') }),
  });
}

export function useUpdateAdmin(id: string) {
  const client = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: (input: UpdateAdminInput) =>
      adminRequest(`/admin/users/admins/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: input,
        schema: adminAccountResponseSchema,
      }),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: adminQueryKeys.of(token, 'users', 'admins') }),
  });
}

export interface VendorFilters {
  search: string;
  account: string;
  verifyStatus: string;
  isPublic: string;
  page: number;
}

export function useVendors(filters: VendorFilters) {
  const token = useToken();
  return useQuery({
    queryKey: adminQueryKeys.of(token, 'users', 'vendors', filters),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(filters.page), limit: '25' });
      for (const key of ['search', 'account', 'verifyStatus', 'isPublic'] as const) {
        if (filters[key]) query.set(key, filters[key]);
      }
      return adminRequest(`/admin/users/vendors?${query}`, {
        schema: adminVendorsResponseSchema,
        signal,
      });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useVendor(id: string) {
  const token = useToken();
  return useQuery({
    queryKey: adminQueryKeys.of(token, 'users', 'vendor', id),
    queryFn: ({ signal }) =>
      adminRequest(`/admin/users/vendors/${encodeURIComponent(id)}`, {
        schema: adminVendorResponseSchema,
        signal,
      }),
    staleTime: 0,
    // an unknown or deleted producer stays so: no second try
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status === 404) && failures < 1,
  });
}

export function useUpdateVendor(id: string) {
  const client = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: (input: UpdateVendorInput) =>
      adminRequest(`/admin/users/vendors/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: input,
        schema: adminVendorResponseSchema,
      }),
    onSuccess: (result) => {
      client.setQueryData(adminQueryKeys.of(token, 'users', 'vendor', id), result);
      void client.invalidateQueries({ queryKey: adminQueryKeys.of(token, 'users', 'vendors') });
    },
  });
}

/** Mails a producer without a password the link to set one (docs/decisions/0047). */
export function useSendPasswordLink(id: string) {
  const client = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: (input: PasswordLinkInput) =>
      adminRequest(`/admin/users/vendors/${encodeURIComponent(id)}/password-link`, {
        method: 'POST',
        body: input,
        schema: messageResponseSchema,
      }),
    // a failed call may mean the account has got a password meanwhile: show what is now true
    onSettled: () =>
      void client.invalidateQueries({ queryKey: adminQueryKeys.of(token, 'users', 'vendor', id) }),
  });
}
