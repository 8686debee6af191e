import type { Faq } from '@housnkuh/shared/schemas/faq';
import { fillOpeningPlaceholder, shopPhase } from '@housnkuh/shared/shop-phase';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { faqs } from './schema';

/** The FAQs shown to visitors, in the admin's order. */
export async function listPublicFaqs(db: Database): Promise<Faq[]> {
  const rows = await db
    .select({
      id: faqs.id,
      category: faqs.category,
      question: faqs.question,
      answer: faqs.answer,
      keywords: faqs.keywords,
    })
    .from(faqs)
    .where(eq(faqs.isActive, true))
    .orderBy(asc(faqs.sortOrder), asc(faqs.createdAt));
  return rows.map(({ id, ...rest }) => ({ _id: id, ...rest }));
}

/**
 * The stored answers with the opening placeholder filled from the setting
 * (shop-phase.ts), at read time, so an answer follows the opening date.
 */
export function withOpeningPhase(list: Faq[], openingDate: string | null): Faq[] {
  const phase = shopPhase(openingDate);
  return list.map((faq) => ({ ...faq, answer: fillOpeningPlaceholder(faq.answer, phase) }));
}
