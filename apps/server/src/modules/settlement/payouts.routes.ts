import { cancelDocumentSchema } from '@housnkuh/shared/schemas/documents';
import { idParamsSchema } from '@housnkuh/shared/schemas/params';
import {
  createPaymentRunBodySchema,
  paymentRunResponseSchema,
  paymentRunsQuerySchema,
  paymentRunsResponseSchema,
  payoutReturnedResponseSchema,
  payoutReturnedSchema,
  runActionResponseSchema,
  runTransferredBodySchema,
} from '@housnkuh/shared/schemas/payment-runs';
import {
  cancelResponseSchema,
  payoutsPaidResponseSchema,
  payoutsPaidSchema,
  settlementMonthParamsSchema,
} from '@housnkuh/shared/schemas/settlement';
import { vendorPayoutsResponseSchema } from '@housnkuh/shared/schemas/vendor-payouts';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf, vendorIdOf } from '../../plugins/auth';
import { cancelSettlementDocument } from './correct.service';
import {
  createPaymentRun,
  discardPaymentRun,
  listPaymentRuns,
  markRunTransferred,
  paymentRunFile,
  sepaFileOfMonth,
} from './payment-runs.service';
import { markPayoutReturned, markPayoutsPaid } from './payouts.service';
import { keepSepaFile } from './sepa-files';
import { vendorPayoutMonths } from './vendor-payouts.service';

/**
 * Payouts, payment runs and corrections of the monthly settlement (admin), and the signed-in
 * producer's own months with where each payout stands (never another producer's).
 */
export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' } as const;
  /** The downloaded SEPA file also as a file (sepa-files.ts); the download never fails on it. */
  const keepFile = (month: string, xml: string, log: FastifyBaseLogger) => {
    try {
      keepSepaFile(app.config.dataDir, month, xml);
    } catch (error) {
      log.error({ err: error, month }, 'SEPA-Datei konnte nicht als Datei abgelegt werden');
    }
  };

  app.get(
    '/vendor-auth/payouts',
    {
      schema: { response: { 200: vendorPayoutsResponseSchema } },
      config: { access: 'vendor' },
    },
    async (request) => ({
      success: true as const,
      months: await vendorPayoutMonths(app.db, vendorIdOf(request)),
    }),
  );

  app.get(
    '/admin/abrechnungen/:month/sepa.xml',
    { schema: { params: settlementMonthParamsSchema }, config: admin },
    async (request, reply) => {
      const xml = await sepaFileOfMonth(app.db, adminActorOf(request), request.params.month);
      keepFile(request.params.month, xml, request.log);
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
      const stornos = (
        await cancelSettlementDocument(
          app.db,
          adminActorOf(request),
          request.params.id,
          request.body.reason,
        )
      ).map((storno) => ({
        id: storno.id,
        number: storno.number,
        refersToId: storno.refersToId,
      }));
      return { success: true as const, storno: stornos[0]!, stornos };
    },
  );

  app.post(
    '/admin/abrechnungen/:month/zahlungslauf',
    {
      schema: {
        params: settlementMonthParamsSchema,
        body: createPaymentRunBodySchema,
        response: { 200: paymentRunResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      run: await createPaymentRun(
        app.db,
        adminActorOf(request),
        request.params.month,
        request.body?.executionDate,
      ),
    }),
  );

  app.get(
    '/admin/zahlungslaeufe',
    {
      schema: { querystring: paymentRunsQuerySchema, response: { 200: paymentRunsResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      ...(await listPaymentRuns(app.db, request.query.month)),
    }),
  );

  app.get(
    '/admin/zahlungslaeufe/:id/sepa.xml',
    { schema: { params: idParamsSchema }, config: admin },
    async (request, reply) => {
      const { xml, run } = await paymentRunFile(app.db, adminActorOf(request), request.params.id);
      keepFile(run.month, xml, request.log);
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="zahlungslauf-${run.month}-${run.messageId}.xml"`,
        )
        .header('cache-control', 'no-store')
        .send(xml);
    },
  );

  app.post(
    '/admin/zahlungslaeufe/:id/transferred',
    {
      schema: {
        params: idParamsSchema,
        body: runTransferredBodySchema,
        response: { 200: runActionResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      message: 'Zahlungslauf als überwiesen markiert.',
      run: await markRunTransferred(
        app.db,
        adminActorOf(request),
        request.params.id,
        request.body?.transferredOn,
      ),
    }),
  );

  app.post(
    '/admin/zahlungslaeufe/:id/discard',
    {
      schema: { params: idParamsSchema, response: { 200: runActionResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      message: 'Zahlungslauf verworfen: Seine Auszahlungen sind wieder offen.',
      run: await discardPaymentRun(app.db, adminActorOf(request), request.params.id),
    }),
  );

  app.post(
    '/admin/payouts/:id/returned',
    {
      schema: {
        params: idParamsSchema,
        body: payoutReturnedSchema,
        response: { 200: payoutReturnedResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      message:
        'Als zurückgebucht markiert: Der Betrag wird im nächsten Zahlungslauf erneut überwiesen.',
      payout: await markPayoutReturned(
        app.db,
        adminActorOf(request),
        request.params.id,
        request.body.reason,
      ),
    }),
  );
};
