import { faqListResponseSchema } from '@housnkuh/shared/schemas/faq';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listPublicFaqs } from './faqs.service';

export const faqRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/faqs/public', { schema: { response: { 200: faqListResponseSchema } } }, async () => ({
    success: true as const,
    faqs: await listPublicFaqs(app.db),
  }));
};
