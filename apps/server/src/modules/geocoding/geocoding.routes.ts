import { geocodeQuerySchema, geocodeResponseSchema } from '@housnkuh/shared/schemas/directory';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InvalidError, NotFoundError, UnavailableError } from '../../lib/domain-errors';
import { GeocoderUnavailableError } from './geocoder';
import { ListedAddresses } from './listed-addresses';

export const GEOCODE_UNAVAILABLE =
  'Die Adresse kann gerade nicht gesucht werden. Bitte versuche es später erneut.';
export const GEOCODE_NOT_LISTED = 'Diese Adresse gehört zu keinem Direktvermarkter im Verzeichnis.';

/**
 * GET /api/geocode?address=…: one address on demand for the browser (the map
 * page and the profile, for listed vendors without coordinates), through the
 * same cache and pace as the background worker, but behind it in the queue.
 * Only addresses of listed vendors are looked up (others: 404), so visitors
 * cannot spend the service's pace or fill the cache with their own
 * addresses. Visitors' browsers never talk to the geocoding service themselves.
 */
export const geocodingRoutes: FastifyPluginAsyncZod = async (app) => {
  const listed = new ListedAddresses(app.db);
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
        throw new InvalidError(parsed.error.issues[0]?.message ?? 'Bitte eine Adresse angeben.');
      }
      if (!(await listed.has(parsed.data.address))) throw new NotFoundError(GEOCODE_NOT_LISTED);
      try {
        const result = await app.geocoder.lookup(parsed.data.address, 'public');
        return { success: true as const, result };
      } catch (error) {
        if (error instanceof GeocoderUnavailableError)
          throw new UnavailableError(GEOCODE_UNAVAILABLE);
        throw error;
      }
    },
  );
};
