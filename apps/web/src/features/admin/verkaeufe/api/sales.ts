import {
  assignLineResponseSchema,
  assignLinesResponseSchema,
  clarifyRateResponseSchema,
  clarifyResponseSchema,
  productSearchResponseSchema,
  salesImportCurrentResponseSchema,
  salesImportJobResponseSchema,
  salesImportResultSchema,
  unassignedResponseSchema,
  type AssignLine,
} from '@housnkuh/shared/schemas/sales';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';

function useSalesKey() {
  return adminQueryKeys.of(useAdminSession()?.token ?? '', 'sales');
}

/** Nicht zugeordnete Verkäufe, a page of them. */
export function useUnassigned(params: { search: string; page: number }) {
  const key = useSalesKey();
  const query = new URLSearchParams({ page: String(params.page), limit: '25' });
  if (params.search) query.set('search', params.search);
  return useQuery({
    queryKey: [...key, 'unassigned', params],
    queryFn: ({ signal }) =>
      adminRequest(`/admin/sales/unassigned?${query}`, {
        schema: unassignedResponseSchema,
        signal,
      }),
    staleTime: 0,
  });
}

/** Zu klären: lines whose VAT rate the producer's tax status does not allow, a page of them. */
export function useToClarify(params: { page: number }) {
  const key = useSalesKey();
  const query = new URLSearchParams({ page: String(params.page), limit: '25' });
  return useQuery({
    queryKey: [...key, 'clarify', params],
    queryFn: ({ signal }) =>
      adminRequest(`/admin/sales/clarify?${query}`, { schema: clarifyResponseSchema, signal }),
    staleTime: 0,
  });
}

/** The owner's rate for a line to clarify (percent). */
export function useClarifyRate() {
  const client = useQueryClient();
  const key = useSalesKey();
  return useMutation({
    mutationFn: ({ lineId, vatRate }: { lineId: string; vatRate: number }) =>
      adminRequest(`/admin/sales/clarify/${encodeURIComponent(lineId)}`, {
        body: { vatRate },
        schema: clarifyRateResponseSchema,
      }),
    onSettled: () => void client.invalidateQueries({ queryKey: key }),
  });
}

/** A small file's result at once, or (a large file) the job that imports it in the background. */
const importAnswerSchema = z.union([salesImportResultSchema, salesImportJobResponseSchema]);

/** The CSV import: the file as it is, text/csv. */
export function useImportSales() {
  const client = useQueryClient();
  const key = useSalesKey();
  return useMutation({
    mutationFn: (file: Blob) =>
      adminRequest('/admin/sales/import', {
        // the file's bytes as they are, sent as text/csv
        file: new Blob([file], { type: 'text/csv' }),
        schema: importAnswerSchema,
        timeoutMs: 180_000,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

const over = (status: string | undefined) => status === 'done' || status === 'failed';

/** A background import: asked every half second until it is done or failed. */
export function useImportJob(id: string | null) {
  const client = useQueryClient();
  const key = useSalesKey();
  return useQuery({
    queryKey: [...key, 'import-job', id],
    queryFn: async ({ signal }) => {
      const answer = await adminRequest(`/admin/sales/import-jobs/${encodeURIComponent(id!)}`, {
        schema: salesImportJobResponseSchema,
        signal,
      });
      // the lists below show what the import brought
      if (over(answer.job.status))
        void client.invalidateQueries({
          queryKey: key,
          predicate: (query) => !query.queryKey.includes('import-job'),
        });
      return answer;
    },
    enabled: id !== null,
    refetchInterval: (query) => (over(query.state.data?.job.status) ? false : 500),
    staleTime: 0,
  });
}

/** The import running now (another tab's, or before the page was reloaded), or null. */
export function useCurrentImportJob() {
  const key = useSalesKey();
  return useQuery({
    queryKey: [...key, 'import-job-current'],
    queryFn: ({ signal }) =>
      adminRequest('/admin/sales/import-jobs/current', {
        schema: salesImportCurrentResponseSchema,
        signal,
      }),
    staleTime: 0,
    retry: false,
  });
}

/** The admin's answer for one waiting line, or (several ids) for all of them at once. */
export function useAssignLine() {
  const client = useQueryClient();
  const key = useSalesKey();
  return useMutation({
    mutationFn: ({ lineIds, body }: { lineIds: readonly string[]; body: AssignLine }) =>
      lineIds.length === 1
        ? adminRequest(`/admin/sales/unassigned/${encodeURIComponent(lineIds[0]!)}`, {
            body,
            schema: assignLineResponseSchema,
          })
        : adminRequest('/admin/sales/unassigned', {
            body: { ...body, lineIds: [...lineIds] },
            schema: assignLinesResponseSchema,
          }),
    // not awaited: the row's own callbacks run before the new list takes the row away
    onSettled: () => void client.invalidateQueries({ queryKey: key }),
  });
}

/** Products for an assignment: name, EAN or producer (from 2 characters). */
export function useProductSearch(text: string) {
  const key = useSalesKey();
  return useQuery({
    queryKey: [...key, 'product-search', text],
    queryFn: ({ signal }) =>
      adminRequest(`/admin/sales/product-search?q=${encodeURIComponent(text)}`, {
        schema: productSearchResponseSchema,
        signal,
      }),
    enabled: text.trim().length >= 2,
  });
}
