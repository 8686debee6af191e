import { z } from './zod';
import { FAQ_CATEGORIES } from '../catalog';
import { successResponse } from './common';

export const faqSchema = z.object({
  _id: z.string(),
  category: z.string(),
  question: z.string(),
  answer: z.string(),
  keywords: z.array(z.string()),
});
export type Faq = z.infer<typeof faqSchema>;

export const faqListResponseSchema = successResponse({
  faqs: z.array(faqSchema),
});
export type FaqListResponse = z.infer<typeof faqListResponseSchema>;

export const faqCategorySchema = z.enum(FAQ_CATEGORIES);
