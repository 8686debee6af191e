import { labelsPdfPath, type LabelsFormOutput } from '@housnkuh/shared/schemas/labels';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from '@housnkuh/shared/schemas/zod';
import { apiRequest, ApiError } from '../../../../lib/api';
import { useStoredVendorSession, vendorQueryKeys } from '../../../../lib/vendor-token';

/** What the labels page needs of a product (GET /vendor-auth/products answers more). */
const labelProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  priceCents: z.number(),
  unit: z.string(),
  ean: z.string(),
});
export type LabelProduct = z.infer<typeof labelProductSchema>;

const productsPageSchema = z.object({
  success: z.literal(true),
  products: z.array(labelProductSchema),
  pagination: z.object({ totalPages: z.number() }),
});

/** The producer's active products, every page of them (GET /vendor-auth/products). */
export function useActiveProducts() {
  const session = useStoredVendorSession();
  const token = session?.token ?? '';
  return useQuery({
    queryKey: [...vendorQueryKeys.all, token, 'products', 'active'],
    queryFn: async ({ signal }) => {
      const products: LabelProduct[] = [];
      for (let page = 1; page <= 50; page++) {
        const answer = await apiRequest(
          `/vendor-auth/products?active=true&sort=name&limit=100&page=${page}`,
          { token, schema: productsPageSchema, signal },
        );
        products.push(...answer.products);
        if (page >= answer.pagination.totalPages) break;
      }
      return products;
    },
    enabled: Boolean(session?.checked),
    staleTime: 0,
  });
}

/**
 * GET /vendor-auth/products/labels.pdf: the labels as a PDF, saved as a download; answers the
 * number of labels and a link to the PDF (valid until the next one).
 */
export function useLabelsPdf() {
  const session = useStoredVendorSession();
  return useMutation({
    mutationFn: async (choice: LabelsFormOutput) => {
      let response: Response;
      try {
        response = await fetch(`/api${labelsPdfPath(choice.items, choice.format, choice.start)}`, {
          headers: { authorization: `Bearer ${session?.token ?? ''}` },
        });
      } catch (error) {
        throw new ApiError('network', undefined, undefined, [], [], String(error));
      }
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
        const message = typeof body?.message === 'string' ? body.message : undefined;
        throw new ApiError('http', message, response.status);
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `etiketten-${choice.format}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      const count = choice.items.reduce((sum, item) => sum + item.count, 0);
      return { url, count };
    },
  });
}
