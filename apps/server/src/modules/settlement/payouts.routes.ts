import { cancelDocumentSchema } from '@housnkuh/shared/schemas/documents';
import { idParamsSchema } from '@housnkuh/shared/schemas/params';
import {
  cancelResponseSchema,
  payoutsPaidResponseSchema,
  payoutsPaidSchema,
  settlementMonthParamsSchema,
} from '@housnkuh/shared/schemas/settlement';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf } from '../../plugins/auth';
import { cancelSettlementDocument } from './correct.service';
import { sepaFileOfMonth } from './payment-runs.service';
import { markPayoutsPaid } from './payouts.service';

/** Payouts, payment runs and corrections of the monthly settlement (admin only). */
export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' } as const;

  app.get(
    '/admin/abrechnungen/:month/sepa.xml',
    { schema: { params: settlementMonthParamsSchema }, config: admin },
    async (request, reply) => {
      const xml = await sepaFileOfMonth(app.db, request.params.month);
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="auszahlungen-${request.params.month}.xml"`,
        )
        .header('cache-control', 'no-store')
        .send(xml);
    },
  );

  app.post(
    '/admin/abrechnungen/:month/payouts/paid',
    {
      schema: {
        params: settlementMonthParamsSchema,
        body: payoutsPaidSchema,
        response: { 200: payoutsPaidResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      paid: await markPayoutsPaid(
        app.db,
        adminActorOf(request),
        request.params.month,
        request.body.vendorIds,
      ),
    }),
  );

  app.post(
    '/admin/documents/:id/cancel',
    {
      schema: {
        params: idParamsSchema,
        body: cancelDocumentSchema,
        response: { 200: cancelResponseSchema },
      },
      config: admin,
    },
    async (request) => {
      const storno = await cancelSettlementDocument(
        app.db,
        adminActorOf(request),
        request.params.id,
        request.body.reason,
      );
      return {
        success: true as const,
        storno: { id: storno.id, number: storno.number, refersToId: storno.refersToId },
      };
    },
  );
};
