import { DEFAULT_FAQS } from '@housnkuh/shared/faq-defaults';
import { faqListResponseSchema, type Faq } from '@housnkuh/shared/schemas/faq';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export const FAQ_QUERY_KEY = ['faqs', 'public'] as const;

/** The built-in list the page shows when the FAQs cannot be loaded (spec §7). */
export const FALLBACK_FAQS: Faq[] = DEFAULT_FAQS.map(({ id, keywords, ...faq }) => ({
  _id: id,
  ...faq,
  keywords: [...keywords],
}));

export async function fetchPublicFaqs(): Promise<Faq[]> {
  try {
    return (await apiRequest('/faqs/public', { schema: faqListResponseSchema, timeoutMs: 10_000 }))
      .faqs;
  } catch (error) {
    console.warn('FAQs could not be loaded; showing the built-in list', error);
    return FALLBACK_FAQS;
  }
}

export function usePublicFaqs() {
  return useQuery({ queryKey: FAQ_QUERY_KEY, queryFn: fetchPublicFaqs, staleTime: 5 * 60_000 });
}
