import {
  GOODS_IN_MESSAGES,
  goodsInInputSchema,
  goodsInResponseSchema,
  zusatzleistungenResponseSchema,
} from '@housnkuh/shared/schemas/admin-rental';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf } from '../../plugins/auth';
import { addGoodsIn, goodsInLog, serviceContracts } from './zusatzleistungen.service';

/**
 * /api/admin/zusatzleistungen: the contracts with (possible) extra services and
 * the Lagerservice's goods-in log. Switching a service from a day on is a
 * contract change (POST /api/admin/vertraege/{id}/change).
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

  app.post(
    '/admin/zusatzleistungen/wareneingang',
    {
      schema: { body: goodsInInputSchema, response: { 200: goodsInResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      message: GOODS_IN_MESSAGES.saved,
      eintrag: await addGoodsIn(
        app.db,
        adminActorOf(request),
        (await app.settings.get()).openingDate,
        request.body,
      ),
    }),
  );
};
