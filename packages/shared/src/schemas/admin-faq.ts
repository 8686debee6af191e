import { FAQ_CATEGORIES } from '../catalog';
import { z } from './zod';
import { plainText, requiredLine, requiredText, successResponse } from './common';

/** /api/admin/faq: the questions of /faq as the admin edits them. */

export const FAQ_MESSAGES = {
  category: 'Bitte wähle eine Kategorie.',
  question: 'Bitte gib die Frage ein.',
  answer: 'Bitte gib die Antwort ein.',
  keyword: 'Ein Stichwort hat höchstens 40 Zeichen.',
  keywords: 'Höchstens 20 Stichwörter.',
  notFound: 'Diese Frage gibt es nicht (mehr).',
  nothingToChange: 'Bitte gib an, was geändert werden soll.',
  direction: 'Bitte nach oben oder nach unten.',
} as const;

export const adminFaqSchema = z.object({
  id: z.string(),
  category: z.string(),
  question: z.string(),
  answer: z.string(),
  keywords: z.array(z.string()),
  sortOrder: z.number(),
  isActive: z.boolean(),
  updatedAt: z.string(),
});
export type AdminFaq = z.infer<typeof adminFaqSchema>;

export const adminFaqsResponseSchema = successResponse({
  faqs: z.array(adminFaqSchema),
});
export const adminFaqResponseSchema = successResponse({ faq: adminFaqSchema });

const fields = {
  category: z.enum(FAQ_CATEGORIES, { error: FAQ_MESSAGES.category }),
  question: requiredLine(FAQ_MESSAGES.question, 300),
  answer: requiredText(FAQ_MESSAGES.answer, 5000),
  keywords: z
    .array(
      plainText(z.string({ error: FAQ_MESSAGES.keyword }).trim()).max(40, {
        error: FAQ_MESSAGES.keyword,
      }),
      { error: FAQ_MESSAGES.keywords },
    )
    .max(20, { error: FAQ_MESSAGES.keywords })
    .transform((list) => [...new Set(list.filter(Boolean))]),
  isActive: z.boolean({ error: 'Bitte ja oder nein angeben.' }),
};

/** POST /api/admin/faq */
export const createFaqSchema = z.strictObject({
  ...fields,
  keywords: fields.keywords.default([]),
  isActive: fields.isActive.default(true),
});
export type CreateFaqInput = z.input<typeof createFaqSchema>;

/** PATCH /api/admin/faq/:id: any of the fields. */
export const updateFaqSchema = z
  .strictObject({
    category: fields.category.optional(),
    question: fields.question.optional(),
    answer: fields.answer.optional(),
    keywords: fields.keywords.optional(),
    isActive: fields.isActive.optional(),
  })
  .refine((data) => Object.values(data).some((value) => value !== undefined), {
    error: FAQ_MESSAGES.nothingToChange,
  });
export type UpdateFaqInput = z.input<typeof updateFaqSchema>;

/** POST /api/admin/faq/:id/move */
export const moveFaqSchema = z.strictObject({
  direction: z.enum(['up', 'down'], { error: FAQ_MESSAGES.direction }),
});

/** The form: keywords as one line, separated by commas. */
export const faqFormSchema = z.object({
  category: fields.category,
  question: fields.question,
  answer: fields.answer,
  keywords: plainText(z.string().trim()).max(900, { error: FAQ_MESSAGES.keywords }),
  isActive: z.boolean(),
});
export type FaqFormInput = z.input<typeof faqFormSchema>;
