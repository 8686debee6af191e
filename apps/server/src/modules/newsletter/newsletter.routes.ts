import { SERVER } from '@housnkuh/shared/messages';
import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import { newsletterSubscribeSchema } from '@housnkuh/shared/schemas/newsletter';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LINK_TOKEN, newsletterTokenParamsSchema } from '@housnkuh/shared/schemas/params';
import { InvalidError } from '../../lib/domain-errors';
import { confirm, subscribe } from './newsletter.service';

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/newsletter/subscribe',
    {
      schema: { body: newsletterSubscribeSchema, response: { 200: messageResponseSchema } },
      config: { access: 'public', rateLimit: app.formRateLimit },
    },
    async (request) => {
      const outcome = await subscribe(
        { db: app.db, settings: await app.settings.get(), publicUrl: app.config.publicUrl },
        request.body,
      );
      return { success: true, message: outcome.message };
    },
  );

  app.get(
    '/newsletter/confirm/:token',
    {
      schema: { params: newsletterTokenParamsSchema, response: { 200: messageResponseSchema } },
      config: { access: 'public' },
    },
    async (request) => {
      if (!LINK_TOKEN.test(request.params.token)) {
        throw new InvalidError(SERVER.newsletterTokenInvalid);
      }
      return { success: true, message: await confirm(app.db, request.params.token) };
    },
  );
};
