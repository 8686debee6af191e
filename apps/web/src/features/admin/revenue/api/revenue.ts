import { adminDocumentsResponseSchema } from '@housnkuh/shared/schemas/documents';
import {
  cancelResponseSchema,
  finalizeResponseSchema,
  manualLineResponseSchema,
  okResponseSchema,
  openItemsResponseSchema,
  payoutsPaidResponseSchema,
  revenueResponseSchema,
  settlementProgressResponseSchema,
  settlementResponseSchema,
  type ManualLineInput,
} from '@housnkuh/shared/schemas/settlement';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../../../lib/api';
import { adminQueryKeys, adminRequest, useAdminSession } from '../../../../lib/admin-api';

/** The key of all money data: every change refreshes all of it (here and in payment-runs.ts). */
export function useMoneyKey() {
  return adminQueryKeys.of(useAdminSession()?.token ?? '', 'money');
}

const month = (value: string) => encodeURIComponent(value);

/** The settlement of a month; null while none has been computed for it. */
export function useSettlement(value: string) {
  const key = useMoneyKey();
  return useQuery({
    queryKey: [...key, 'settlement', value],
    queryFn: async ({ signal }) => {
      try {
        return await adminRequest(`/admin/abrechnungen?month=${month(value)}`, {
          schema: settlementResponseSchema,
          signal,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: /^\d{4}-\d{2}$/.test(value),
    staleTime: 0,
  });
}

/** The key every call that changes money data carries (here and in payment-runs.ts). */
const MONEY_ACTION = ['money-action'] as const;

/** Every call that changes money data refreshes all of it (settlement, documents, open items, revenue). */
export function useMoneyMutation<A, R>(call: (args: A) => Promise<R>) {
  const client = useQueryClient();
  const key = useMoneyKey();
  return useMutation({
    mutationKey: MONEY_ACTION,
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

/**
 * A line that reports what one action did ("Abgeschlossen: 28 Belege ausgestellt") is true
 * only until the next change of money data on the page (a storno, a payment, a run …): then
 * `clear` takes it down. The lists and counts themselves come fresh from the server after
 * every action. `since`: when the reported action was sent (null: nothing reported).
 */
export function useClearedByNextMoneyAction(since: number | null, clear: () => void) {
  const client = useQueryClient();
  const latestClear = useRef(clear);
  useEffect(() => {
    latestClear.current = clear;
  });
  useEffect(() => {
    if (since === null) return;
    return client.getMutationCache().subscribe((event) => {
      const other = event.mutation;
      if (event.type !== 'updated' || !other) return;
      if (other.options.mutationKey?.[0] !== MONEY_ACTION[0]) return;
      if (other.state.status === 'success' && other.state.submittedAt > since) {
        latestClear.current();
      }
    });
  }, [client, since]);
}

export function useCreateSettlement() {
  return useMoneyMutation((value: string) =>
    adminRequest('/admin/abrechnungen', {
      body: { month: value },
      schema: settlementResponseSchema,
      timeoutMs: 120_000,
    }),
  );
}

export function useRecompute() {
  return useMoneyMutation((value: string) =>
    adminRequest(`/admin/abrechnungen/${month(value)}/recompute`, {
      method: 'POST',
      schema: settlementResponseSchema,
      timeoutMs: 120_000,
    }),
  );
}

export function useAddManualLine(value: string) {
  return useMoneyMutation((body: ManualLineInput) =>
    adminRequest(`/admin/abrechnungen/${month(value)}/manual-lines`, {
      body,
      schema: manualLineResponseSchema,
    }),
  );
}

export function useDeleteManualLine(value: string) {
  return useMoneyMutation((id: string) =>
    adminRequest(`/admin/abrechnungen/${month(value)}/manual-lines/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      schema: okResponseSchema,
    }),
  );
}

export function useFinalize() {
  return useMoneyMutation((value: string) =>
    adminRequest(`/admin/abrechnungen/${month(value)}/finalize`, {
      method: 'POST',
      schema: finalizeResponseSchema,
      timeoutMs: 180_000,
    }),
  );
}

export function useMarkPaid(value: string) {
  return useMoneyMutation((vendorIds: string[] | undefined) =>
    adminRequest(`/admin/abrechnungen/${month(value)}/payouts/paid`, {
      body: vendorIds ? { vendorIds } : {},
      schema: payoutsPaidResponseSchema,
    }),
  );
}

/** The documents issued for a month. */
export function useMonthDocuments(value: string, enabled: boolean) {
  const key = useMoneyKey();
  return useQuery({
    queryKey: [...key, 'documents', value],
    queryFn: ({ signal }) =>
      adminRequest(`/admin/documents?month=${month(value)}`, {
        schema: adminDocumentsResponseSchema,
        signal,
      }),
    enabled,
  });
}

export function useOpenItems() {
  const key = useMoneyKey();
  return useQuery({
    queryKey: [...key, 'open-items'],
    queryFn: ({ signal }) =>
      adminRequest('/admin/open-items', { schema: openItemsResponseSchema, signal }),
  });
}

export function useMarkOpenItemPaid() {
  return useMoneyMutation((id: string) =>
    adminRequest(`/admin/open-items/${encodeURIComponent(id)}/paid`, {
      method: 'POST',
      schema: okResponseSchema,
    }),
  );
}

export function useRevenue(from: string, to: string) {
  const key = useMoneyKey();
  return useQuery({
    queryKey: [...key, 'revenue', from, to],
    queryFn: ({ signal }) =>
      adminRequest(`/admin/revenue?from=${month(from)}&to=${month(to)}`, {
        schema: revenueResponseSchema,
        signal,
      }),
  });
}

/** A storno of an issued document; the producer's month is a draft again. */
export function useCancelDocument() {
  return useMoneyMutation(({ id, reason }: { id: string; reason: string }) =>
    adminRequest(`/admin/documents/${encodeURIComponent(id)}/cancel`, {
      body: { reason },
      schema: cancelResponseSchema,
    }),
  );
}

/**
 * How far finalizing `value` is, and how many of its PDFs are rendered: asked every second
 * while finalizing runs (`running`) and until every PDF of the month is rendered.
 */
export function useSettlementProgress(value: string, running: boolean) {
  const key = useMoneyKey();
  return useQuery({
    queryKey: [...key, 'progress', value],
    queryFn: ({ signal }) =>
      adminRequest(`/admin/abrechnungen/${month(value)}/fortschritt`, {
        schema: settlementProgressResponseSchema,
        signal,
      }),
    refetchInterval: (query) => {
      const data = query.state.data;
      const pending = !data || data.finalizing !== null || data.pdfs.rendered < data.pdfs.total;
      return running || pending ? 1000 : false;
    },
    staleTime: 0,
  });
}
