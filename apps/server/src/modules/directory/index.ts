import { directoryQuerySchema } from '@housnkuh/shared/schemas/directory';
import type { FastifyInstance } from 'fastify';
import { cached } from '../../lib/cache';
import { adminTagsRoutes } from './admin-tags.routes';
import { directoryRoutes } from './directory.routes';
import { availableFilters, findPublicVendor, listDirectory } from './directory.service';

/**
 * The public directory of producers: the list with its filters, one producer's
 * page, the listing rule, and the tags (the admin's list; which producer carries which).
 */
export async function directoryModule(app: FastifyInstance) {
  /** Which statuses and tags occur among listed vendors changes rarely: read at most every 10 s. */
  const filters = cached(() => availableFilters(app.db), 10_000);
  app.pages.addLoader('vendorProfile', (params) => findPublicVendor(app.db, params.id ?? ''));
  app.pages.addLoader('directoryDefault', async () =>
    listDirectory(app.db, directoryQuerySchema.parse({}), await app.settings.get(), {
      filters: () => filters.get(),
      countCap: app.config.directoryCountCap,
    }),
  );
  await app.register(directoryRoutes, { prefix: '/api', filters });
  await app.register(adminTagsRoutes, { prefix: '/api', filters });
}
