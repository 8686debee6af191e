import { availabilityResponseSchema } from '@housnkuh/shared/schemas/booking';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availableUnits } from './waitlist.service';

/**
 * /api/pricing/availability: which unit types have a free unit, for the
 * configurator ("derzeit belegt", a request goes on the waiting list).
 * Counts only, nothing about who holds a unit. A unit an offer of the waiting list reserves
 * is not free (docs/decisions/0074).
 */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pricing/availability',
    {
      schema: { response: { 200: availabilityResponseSchema } },
      config: { access: 'public' },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, availability: await availableUnits(app.db) };
    },
  );
};
