import {
  paymentRunResponseSchema,
  paymentRunsResponseSchema,
  payoutReturnedResponseSchema,
  runActionResponseSchema,
} from '@housnkuh/shared/schemas/payment-runs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminDownload,
  adminQueryKeys,
  adminRequest,
  useAdminSession,
} from '../../../../lib/admin-api';
import { MONEY_ACTION } from './revenue';

/** The same key as the other money calls: every change refreshes all of it. */
function useMoneyKey() {
  return adminQueryKeys.of(useAdminSession()?.token ?? '', 'money');
}

function useRunMutation<A, R>(call: (args: A) => Promise<R>) {
  const client = useQueryClient();
  const key = useMoneyKey();
  return useMutation({
    mutationKey: MONEY_ACTION,
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

const id = (value: string) => encodeURIComponent(value);

/** The month's payment runs (newest first) and its payouts in no run. */
export function usePaymentRuns(month: string) {
  const key = useMoneyKey();
  return useQuery({
    queryKey: [...key, 'runs', month],
    queryFn: ({ signal }) =>
      adminRequest(`/admin/zahlungslaeufe?month=${encodeURIComponent(month)}`, {
        schema: paymentRunsResponseSchema,
        signal,
      }),
    staleTime: 0,
  });
}

export function useCreateRun(month: string) {
  return useRunMutation((executionDate: string | undefined) =>
    adminRequest(`/admin/abrechnungen/${encodeURIComponent(month)}/zahlungslauf`, {
      body: executionDate ? { executionDate } : {},
      schema: paymentRunResponseSchema,
    }),
  );
}

/** Downloads a run's SEPA file (the first download marks it downloaded). */
export function useDownloadRun() {
  return useRunMutation(({ runId, filename }: { runId: string; filename: string }) =>
    adminDownload(`/admin/zahlungslaeufe/${id(runId)}/sepa.xml`, filename),
  );
}

export function useRunTransferred() {
  return useRunMutation(
    ({ runId, transferredOn }: { runId: string; transferredOn: string | undefined }) =>
      adminRequest(`/admin/zahlungslaeufe/${id(runId)}/transferred`, {
        body: transferredOn ? { transferredOn } : {},
        schema: runActionResponseSchema,
      }),
  );
}

export function useDiscardRun() {
  return useRunMutation((runId: string) =>
    adminRequest(`/admin/zahlungslaeufe/${id(runId)}/discard`, {
      method: 'POST',
      schema: runActionResponseSchema,
    }),
  );
}

export function usePayoutReturned() {
  return useRunMutation(({ payoutId, reason }: { payoutId: string; reason: string }) =>
    adminRequest(`/admin/payouts/${id(payoutId)}/returned`, {
      body: { reason },
      schema: payoutReturnedResponseSchema,
    }),
  );
}
