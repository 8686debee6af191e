import { adminDashboardResponseSchema } from '@housnkuh/shared/schemas/admin';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboard } from './dashboard.service';

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/dashboard',
    { schema: { response: { 200: adminDashboardResponseSchema } }, config: { access: 'admin' } },
    async () => ({
      success: true as const,
      ...(await dashboard(app.db, (await app.settings.get()).openingDate)),
    }),
  );
};

/** The admin's start page: to-dos and figures across the shop. */
export async function dashboardModule(app: FastifyInstance) {
  await app.register(dashboardRoutes, { prefix: '/api' });
}
