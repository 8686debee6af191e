import type { Faq } from '@housnkuh/shared/schemas/faq';
import { useQuery } from '@tanstack/react-query';
import { readSiteSettings } from '../../../../lib/site-settings';

export const FAQ_QUERY_KEY = ['faqs', 'public'] as const;

/**
 * The built-in list the page shows when the FAQs cannot be loaded (spec §7),
 * with the opening sentence filled from the page's settings as the server does.
 */
export async function fallbackFaqs(): Promise<Faq[]> {
  const [{ DEFAULT_FAQS }, { fillOpeningPlaceholder, shopPhase }] = await Promise.all([
    import('@housnkuh/shared/faq-defaults'),
    import('@housnkuh/shared/shop-phase'),
  ]);
  const phase = shopPhase(readSiteSettings().openingDate);
  return DEFAULT_FAQS.map(({ id, keywords, answer, ...faq }) => ({
    _id: id,
    ...faq,
    answer: fillOpeningPlaceholder(answer, phase),
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
      import('../../../../lib/api'),
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
