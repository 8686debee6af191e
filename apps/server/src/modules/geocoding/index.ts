import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { GeocodeWorker } from './geocode-worker';
import { Geocoder } from './geocoder';
import { geocodingRoutes } from './geocoding.routes';

declare module 'fastify' {
  interface FastifyInstance {
    geocoder: Geocoder;
    geocodeWorker: GeocodeWorker;
  }
}

/**
 * Geocoding: vendors' addresses to coordinates in the background (the job
 * 'geocoding'), and one listed address on demand for the map (GET /api/geocode).
 */
export const geocodingModule = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const geocoder = new Geocoder(
      app.db,
      {
        url: config.geocoderUrl,
        email: config.geocoderEmail,
        userAgent: `housnkuh-server (+${config.publicUrl})`,
      },
      app.log,
    );
    const worker = new GeocodeWorker(app.db, geocoder, config.geocodePollMs, app.log);
    app.decorate('geocoder', geocoder);
    app.decorate('geocodeWorker', worker);
    app.jobs.add('geocoding', worker);
    await app.register(geocodingRoutes, { prefix: '/api' });
  },
  { name: 'geocoding', dependencies: ['db', 'jobs'] },
);
