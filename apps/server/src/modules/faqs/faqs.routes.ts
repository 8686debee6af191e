import { faqListResponseSchema } from '@housnkuh/shared/schemas/faq';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const faqRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/faqs/public',
    { schema: { response: { 200: faqListResponseSchema } }, config: { access: 'public' } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { success: true as const, faqs: await app.publicFaqs.get() };
    },
  );
};
