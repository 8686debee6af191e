import type { Faq } from '@housnkuh/shared/schemas/faq';
import { useQuery } from '@tanstack/react-query';

export const FAQ_QUERY_KEY = ['faqs', 'public'] as const;

/** The built-in list the page shows when the FAQs cannot be loaded (spec §7). */
export async function fallbackFaqs(): Promise<Faq[]> {
  const { DEFAULT_FAQS } = await import('@housnkuh/shared/faq-defaults');
  return DEFAULT_FAQS.map(({ id, keywords, ...faq }) => ({
    _id: id,
    ...faq,
    keywords: [...keywords],
  }));
}

/**
 * The FAQs from the API. The page usually arrives with them (server
 * rendering), so the client code and zod load only when a fetch is needed.
 */
export async function fetchPublicFaqs(): Promise<Faq[]> {
  try {
    const [{ apiRequest }, { faqListResponseSchema }] = await Promise.all([
      import('../../../lib/api'),
      import('@housnkuh/shared/schemas/faq'),
    ]);
    return (await apiRequest('/faqs/public', { schema: faqListResponseSchema, timeoutMs: 10_000 }))
      .faqs;
  } catch (error) {
    console.warn('FAQs could not be loaded; showing the built-in list', error);
    return fallbackFaqs();
  }
}

export function usePublicFaqs() {
  return useQuery({ queryKey: FAQ_QUERY_KEY, queryFn: fetchPublicFaqs, staleTime: 5 * 60_000 });
}
