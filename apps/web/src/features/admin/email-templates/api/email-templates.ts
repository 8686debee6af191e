import {
  emailTemplatePreviewResponseSchema,
  emailTemplateResponseSchema,
  emailTemplatesResponseSchema,
  type EmailTemplateTexts,
} from '@housnkuh/shared/schemas/admin-email-templates';
import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';

const path = (key: string) => `/admin/email-templates/${encodeURIComponent(key)}`;

function useKey(...parts: unknown[]) {
  return adminQueryKeys.of(useAdminSession()?.token ?? '', 'email-templates', ...parts);
}

export function useEmailTemplates() {
  return useQuery({
    queryKey: useKey(),
    queryFn: ({ signal }) =>
      adminRequest('/admin/email-templates', { schema: emailTemplatesResponseSchema, signal }),
    staleTime: 0,
  });
}

export function useEmailTemplate(key: string) {
  return useQuery({
    queryKey: useKey(key),
    queryFn: ({ signal }) =>
      adminRequest(path(key), { schema: emailTemplateResponseSchema, signal }),
    staleTime: 0,
  });
}

function useChange<T, R>(call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  const key = useKey();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export const useSaveEmailTemplate = (key: string) =>
  useChange((texts: EmailTemplateTexts) =>
    adminRequest(path(key), { method: 'PUT', body: texts, schema: emailTemplateResponseSchema }),
  );

export const useResetEmailTemplate = (key: string) =>
  useChange(() =>
    adminRequest(path(key), { method: 'DELETE', schema: emailTemplateResponseSchema }),
  );

export function usePreviewEmailTemplate(key: string) {
  return useMutation({
    mutationFn: (texts: EmailTemplateTexts) =>
      adminRequest(`${path(key)}/preview`, {
        body: texts,
        schema: emailTemplatePreviewResponseSchema,
      }),
  });
}

export function useSendEmailTemplateTest(key: string) {
  return useMutation({
    mutationFn: (input: EmailTemplateTexts & { email: string }) =>
      adminRequest(`${path(key)}/test`, { body: input, schema: messageResponseSchema }),
  });
}
