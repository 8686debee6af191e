import {
  newsletterIssuesResponseSchema,
  newsletterPreviewResponseSchema,
  newsletterSentResponseSchema,
  subscribersResponseSchema,
  type NewsletterDraft,
} from '@housnkuh/shared/schemas/admin-newsletter';
import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';

function useKey(...parts: unknown[]) {
  return adminQueryKeys.of(useAdminSession()?.token ?? '', 'newsletter', ...parts);
}

export interface SubscriberFilters {
  search: string;
  type: string;
  status: string;
  page: number;
}

export function useSubscribers(filters: SubscriberFilters) {
  const key = useKey('subscribers', filters);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(filters.page), limit: '25' });
      for (const name of ['search', 'type', 'status'] as const) {
        if (filters[name]) query.set(name, filters[name]);
      }
      return adminRequest(`/admin/newsletter/subscribers?${query}`, {
        schema: subscribersResponseSchema,
        signal,
      });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useRemoveSubscriber(id: string) {
  const client = useQueryClient();
  const key = useKey('subscribers');
  return useMutation({
    mutationFn: () =>
      adminRequest(`/admin/newsletter/subscribers/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: messageResponseSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useIssues() {
  const key = useKey('issues');
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      adminRequest('/admin/newsletter/issues', { schema: newsletterIssuesResponseSchema, signal }),
    staleTime: 0,
  });
}

export function usePreview() {
  return useMutation({
    mutationFn: (draft: NewsletterDraft) =>
      adminRequest('/admin/newsletter/preview', {
        body: draft,
        schema: newsletterPreviewResponseSchema,
      }),
  });
}

export function useSendTest() {
  return useMutation({
    mutationFn: (input: { subject: string; body: string; email: string }) =>
      adminRequest('/admin/newsletter/test', { body: input, schema: messageResponseSchema }),
  });
}

export function useSendNewsletter() {
  const client = useQueryClient();
  const key = useKey('issues');
  return useMutation({
    mutationFn: (draft: NewsletterDraft) =>
      adminRequest('/admin/newsletter/send', {
        body: draft,
        schema: newsletterSentResponseSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
