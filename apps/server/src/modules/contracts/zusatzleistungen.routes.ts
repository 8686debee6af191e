import { zusatzleistungenResponseSchema } from '@housnkuh/shared/schemas/admin-rental';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { goodsInLog, serviceContracts } from './zusatzleistungen.service';

/**
 * /api/admin/zusatzleistungen: the contracts with (possible) extra services and
 * the Lagerservice's goods-in log from before the inventory (read only: a goods-in is now a
 * store-room delivery, POST /api/admin/products/{id}/stock; docs/decisions/0066). Switching a
 * service from a day on is a contract change (POST /api/admin/vertraege/{id}/change).
 */
export const zusatzleistungenRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' } as const;
  app.get(
    '/admin/zusatzleistungen',
    { schema: { response: { 200: zusatzleistungenResponseSchema } }, config: admin },
    async () => ({
      success: true as const,
      vertraege: await serviceContracts(app.db, (await app.settings.get()).openingDate),
      wareneingang: await goodsInLog(app.db),
    }),
  );
};
