import { clock } from '@housnkuh/shared/clock';
import { DEFAULT_FAQS, RETIRED_OPENING_HOURS_ANSWER } from '@housnkuh/shared/faq-defaults';
import { INITIAL_SITE_SETTINGS } from '@housnkuh/shared/site-settings';
import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { faqs, settings } from './schema';
import { writeSettings } from './settings.service';

// The content a new database starts with, and earlier defaults that are wrong today (db/seed.ts).

/** Whether any setting is stored: a database that has them has been seeded. */
export async function hasSettings(db: Executor): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(settings);
  return (row?.n ?? 0) > 0;
}

/** The initial settings and FAQs of a new database. */
export async function addInitialContent(tx: Executor): Promise<void> {
  await writeSettings(tx, INITIAL_SITE_SETTINGS);
  await tx.insert(faqs).values(
    DEFAULT_FAQS.map((faq, index) => ({
      seedKey: faq.id,
      category: faq.category,
      question: faq.question,
      answer: faq.answer,
      keywords: [...faq.keywords],
      sortOrder: (index + 1) * 10,
    })),
  );
}

/**
 * Earlier initial data that is wrong today, replaced where it is still stored
 * exactly as it was seeded (an admin's own values stay): the contest's closing
 * date 01.06.2025 (the spec's, long past, which left the contest dead), the
 * season label 'Sommer 2025' (every opening text now comes from `openingDate`),
 * and the FAQ answer that called the shop open before it was (docs/decisions/0006, 0010).
 */
export async function retireOutdatedDefaults(tx: Executor): Promise<void> {
  const [contest] = await tx
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, 'contest'));
  const stored = contest?.value as { active?: unknown; closingDate?: unknown } | null | undefined;
  if (stored && stored.active === true && stored.closingDate === '2025-06-01') {
    await writeSettings(tx, { contest: INITIAL_SITE_SETTINGS.contest });
  }
  await tx.delete(settings).where(eq(settings.key, 'openingLabel'));
  const openingFaq = DEFAULT_FAQS.find((faq) => faq.id === 'allgemein-oeffnungszeiten');
  if (openingFaq) {
    await tx
      .update(faqs)
      .set({
        answer: openingFaq.answer,
        keywords: [...openingFaq.keywords],
        updatedAt: clock.now(),
      })
      .where(and(eq(faqs.seedKey, openingFaq.id), eq(faqs.answer, RETIRED_OPENING_HOURS_ANSWER)));
  }
}
