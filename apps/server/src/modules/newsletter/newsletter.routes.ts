import { SERVER } from '@housnkuh/shared/messages';
import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import { newsletterSubscribeSchema } from '@housnkuh/shared/schemas/newsletter';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors';
import { confirm, subscribe } from './newsletter.service';

const confirmParams = z.object({ token: z.string() });
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

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
      if (outcome.mailQueued) app.outbox.kick();
      return { success: true, message: outcome.message };
    },
  );

  app.get(
    '/newsletter/confirm/:token',
    {
      schema: { params: confirmParams, response: { 200: messageResponseSchema } },
      config: { access: 'public' },
    },
    async (request) => {
      if (!TOKEN.test(request.params.token))
        throw new HttpError(400, SERVER.newsletterTokenInvalid);
      return { success: true, message: await confirm(app.db, request.params.token) };
    },
  );
};
