import { geocodeQuerySchema, geocodeResponseSchema } from '@housnkuh/shared/schemas/directory';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../plugins/errors';
import { GeocoderUnavailableError } from './geocoder';

export const GEOCODE_UNAVAILABLE =
  'Die Adresse kann gerade nicht gesucht werden. Bitte versuche es später erneut.';

/**
 * GET /api/geocode?address=…: one address on demand for the browser (the map
 * page), through the same cache and rate limit as the background worker.
 * Visitors' browsers never talk to the geocoding service themselves.
 */
export const geocodeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/geocode',
    {
      schema: { response: { 200: geocodeResponseSchema } },
      // the map page asks at most every 500 ms (spec §9): 120 a minute, plus a reload
      config: { access: 'public', rateLimit: { max: 180, timeWindow: '1 minute' } },
    },
    async (request) => {
      const raw = (request.query ?? {}) as Record<string, unknown>;
      const parsed = geocodeQuerySchema.safeParse({
        address: typeof raw.address === 'string' ? raw.address : undefined,
      });
      if (!parsed.success) {
        throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Bitte eine Adresse angeben.');
      }
      try {
        const result = await app.geocoder.lookup(parsed.data.address);
        return { success: true as const, result };
      } catch (error) {
        if (error instanceof GeocoderUnavailableError)
          throw new HttpError(503, GEOCODE_UNAVAILABLE);
        throw error;
      }
    },
  );
};
