import type { SalesGrouping } from '@housnkuh/shared/schemas/sales-report';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../../lib/api';
import { useStoredVendorSession } from '../../../../lib/vendor-token';

export interface SalesPeriod {
  from: string;
  to: string;
  groupBy: SalesGrouping;
}

const queryOf = ({ from, to, groupBy }: SalesPeriod) =>
  `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&groupBy=${groupBy}`;

/** GET /vendor-auth/sales: the signed-in producer's sales in a period, grouped. */
export function useSalesReport(period: SalesPeriod) {
  const session = useStoredVendorSession();
  const token = session?.token ?? '';
  return useQuery({
    queryKey: ['vendor', token, 'sales', period.from, period.to, period.groupBy],
    queryFn: async ({ signal }) => {
      const { salesReportResponseSchema } = await import('@housnkuh/shared/schemas/sales-report');
      return apiRequest(`/vendor-auth/sales?${queryOf(period)}`, {
        token,
        schema: salesReportResponseSchema,
        signal,
      });
    },
    enabled: Boolean(session?.checked),
    retry: false,
  });
}

/** GET /vendor-auth/sales.csv: the same report saved as a CSV file (for a spreadsheet). */
export function useDownloadSalesCsv() {
  const session = useStoredVendorSession();
  return useMutation({
    mutationFn: async (period: SalesPeriod) => {
      const response = await fetch(`/api/vendor-auth/sales.csv?${queryOf(period)}`, {
        headers: { authorization: `Bearer ${session?.token ?? ''}` },
      });
      if (!response.ok) {
        throw new ApiError('http', 'Die Datei konnte nicht erstellt werden.', response.status);
      }
      const blob = await response.blob();
      const name =
        /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
        'verkaeufe.csv';
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return name;
    },
  });
}
