import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import { contactSchema } from '@housnkuh/shared/schemas/contact';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { submitContact } from './contact.service';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      schema: { body: contactSchema, response: { 200: messageResponseSchema } },
      // spec §7: errors of the contact call are a list of strings
      config: { access: 'public', rateLimit: app.formRateLimit, validationErrors: 'strings' },
    },
    async (request) => {
      const result = await submitContact(app.db, await app.settings.get(), request.body);
      return { success: true, message: result.message };
    },
  );
};
