import { faqListResponseSchema } from '@housnkuh/shared/schemas/faq';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cached } from '../../lib/cache';
import { listPublicFaqs } from './faqs.service';

/** FAQs change rarely; every instance reads them at most every few seconds. */
const FAQ_CACHE_MS = 5_000;

export const faqRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicFaqs = cached(() => listPublicFaqs(app.db), FAQ_CACHE_MS);

  app.get(
    '/faqs/public',
    { schema: { response: { 200: faqListResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { success: true as const, faqs: await publicFaqs.get() };
    },
  );
};
