import type { Faq } from '@housnkuh/shared/schemas/faq';

export const ALL_CATEGORIES = 'all';

/** Lower case, and trimmed: the search is case-insensitive (spec §5). */
function normalize(value: string): string {
  return value.toLocaleLowerCase('de-DE').trim();
}

/** True when the question, the answer or a keyword contains the search text. */
export function matchesSearch(faq: Faq, search: string): boolean {
  const needle = normalize(search);
  if (!needle) return true;
  return [faq.question, faq.answer, ...faq.keywords].some((text) =>
    normalize(text).includes(needle),
  );
}

/** Search and category combine (spec §4); category 'all' shows everything. */
export function filterFaqs(faqs: readonly Faq[], search: string, category: string): Faq[] {
  return faqs.filter(
    (faq) =>
      (category === ALL_CATEGORIES || faq.category === category) && matchesSearch(faq, search),
  );
}

/** The categories in order of first appearance, with how many FAQs match the search in each. */
export function categoryCounts(
  faqs: readonly Faq[],
  search: string,
): { category: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const faq of faqs) {
    if (!counts.has(faq.category)) counts.set(faq.category, 0);
    if (matchesSearch(faq, search)) counts.set(faq.category, counts.get(faq.category)! + 1);
  }
  return [...counts].map(([category, count]) => ({ category, count }));
}
