import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../../lib/api';
import { useStoredVendorSession } from '../../../../lib/vendor-token';

/** GET /vendor-auth/documents: the signed-in producer's invoices, statements and cancellations. */
export function useVendorDocuments() {
  const session = useStoredVendorSession();
  const token = session?.token ?? '';
  return useQuery({
    queryKey: ['vendor', token, 'documents'],
    queryFn: async ({ signal }) => {
      const { vendorDocumentsResponseSchema } = await import('@housnkuh/shared/schemas/documents');
      return apiRequest('/vendor-auth/documents', {
        token,
        schema: vendorDocumentsResponseSchema,
        signal,
      });
    },
    enabled: Boolean(session?.checked),
    retry: false,
  });
}

/**
 * GET the PDF of a document (pdfUrl) and save it as `<number>.pdf`; with `xml`, its e-invoice
 * (xmlUrl, the CII XML) as `<number>-xrechnung.xml`.
 */
export function useDownloadDocument(xml = false) {
  const session = useStoredVendorSession();
  return useMutation({
    mutationFn: async (document: { pdfUrl: string; xmlUrl?: string | null; number: string }) => {
      const response = await fetch((xml ? document.xmlUrl : document.pdfUrl) ?? '', {
        headers: { authorization: `Bearer ${session?.token ?? ''}` },
      });
      if (!response.ok) {
        // the server's own words where it has them (a document issued before e-invoices)
        const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
        const message =
          typeof body?.message === 'string' && response.status === 404
            ? body.message
            : xml
              ? 'Die E-Rechnung konnte nicht geladen werden.'
              : 'Das PDF konnte nicht geladen werden.';
        throw new ApiError('http', message, response.status);
      }
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = window.document.createElement('a');
      link.href = url;
      link.download = xml ? `${document.number}-xrechnung.xml` : `${document.number}.pdf`;
      window.document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return document.number;
    },
  });
}
