import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import { contestEntrySchema } from '@housnkuh/shared/schemas/contest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { submitContestEntry } from './contest.service';

export const contestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/vendor-contest/submit',
    {
      schema: { body: contestEntrySchema, response: { 200: messageResponseSchema } },
      config: { access: 'public', rateLimit: app.formRateLimit },
    },
    async (request) => {
      const result = await submitContestEntry(app.db, await app.settings.get(), request.body);
      return { success: true, message: result.message };
    },
  );
};
