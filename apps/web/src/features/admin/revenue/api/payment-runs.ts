import {
  paymentRunResponseSchema,
  paymentRunsResponseSchema,
  payoutReturnedResponseSchema,
  runActionResponseSchema,
} from '@housnkuh/shared/schemas/payment-runs';
import { useQuery } from '@tanstack/react-query';
import { adminDownload, adminRequest } from '../../../../lib/admin-api';
import { useMoneyKey, useMoneyMutation } from './revenue';

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
  return useMoneyMutation((executionDate: string | undefined) =>
    adminRequest(`/admin/abrechnungen/${encodeURIComponent(month)}/zahlungslauf`, {
      body: executionDate ? { executionDate } : {},
      schema: paymentRunResponseSchema,
    }),
  );
}

/** Downloads a run's SEPA file (the first download marks it downloaded). */
export function useDownloadRun() {
  return useMoneyMutation(({ runId, filename }: { runId: string; filename: string }) =>
    adminDownload(`/admin/zahlungslaeufe/${id(runId)}/sepa.xml`, filename),
  );
}

export function useRunTransferred() {
  return useMoneyMutation(
    ({ runId, transferredOn }: { runId: string; transferredOn: string | undefined }) =>
      adminRequest(`/admin/zahlungslaeufe/${id(runId)}/transferred`, {
        body: transferredOn ? { transferredOn } : {},
        schema: runActionResponseSchema,
      }),
  );
}

export function useDiscardRun() {
  return useMoneyMutation((runId: string) =>
    adminRequest(`/admin/zahlungslaeufe/${id(runId)}/discard`, {
      method: 'POST',
      schema: runActionResponseSchema,
    }),
  );
}

export function usePayoutReturned() {
  return useMoneyMutation(({ payoutId, reason }: { payoutId: string; reason: string }) =>
    adminRequest(`/admin/payouts/${id(payoutId)}/returned`, {
      body: { reason },
      schema: payoutReturnedResponseSchema,
    }),
  );
}
