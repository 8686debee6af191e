import { idParamsSchema } from '@housnkuh/shared/schemas/params';
import {
  createSettlementSchema,
  finalizeResponseSchema,
  manualLineParamsSchema,
  manualLineResponseSchema,
  manualLineSchema,
  okResponseSchema,
  openItemsQuerySchema,
  openItemsResponseSchema,
  revenueQuerySchema,
  revenueResponseSchema,
  settlementMonthParamsSchema,
  settlementQuerySchema,
  settlementProgressResponseSchema,
  settlementResponseSchema,
} from '@housnkuh/shared/schemas/settlement';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf } from '../../plugins/auth';
import { revenueWithOccupancy } from './revenue.service';
import { settlementOfMonth } from './month-view.service';
import { openSettlementMonth, recomputeMonth } from './open-month.service';
import { finalizeMonth, tidyUnsettledLines } from './finalize.service';
import { progressOfMonth } from './progress.service';
import { addManualLine, deleteManualLine } from './manual-lines.service';
import { listOpenItems, markOpenItemPaid } from './open-items.service';

/** /api/admin/abrechnungen and /api/admin/open-items: the monthly settlement (admin only). */
export const settlementRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' } as const;
  const openingDate = async () => (await app.settings.get()).openingDate;

  app.post(
    '/admin/abrechnungen',
    {
      schema: { body: createSettlementSchema, response: { 200: settlementResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      ...(await openSettlementMonth(
        app.db,
        adminActorOf(request),
        request.body.month,
        await openingDate(),
      )),
    }),
  );

  app.get(
    '/admin/abrechnungen',
    {
      schema: { querystring: settlementQuerySchema, response: { 200: settlementResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      ...(await settlementOfMonth(app.db, request.query.month, await openingDate())),
    }),
  );

  // while finalizing runs: how far it is; after it: how many of the month's PDFs are rendered
  app.get(
    '/admin/abrechnungen/:month/fortschritt',
    {
      schema: {
        params: settlementMonthParamsSchema,
        response: { 200: settlementProgressResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      ...(await progressOfMonth(app.db, request.params.month)),
    }),
  );

  app.post(
    '/admin/abrechnungen/:month/recompute',
    {
      schema: { params: settlementMonthParamsSchema, response: { 200: settlementResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      ...(await recomputeMonth(app.db, request.params.month, await openingDate())),
    }),
  );

  app.post(
    '/admin/abrechnungen/:month/manual-lines',
    {
      schema: {
        params: settlementMonthParamsSchema,
        body: manualLineSchema,
        response: { 200: manualLineResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      manualLine: await addManualLine(
        app.db,
        adminActorOf(request),
        request.params.month,
        request.body,
        await openingDate(),
      ),
    }),
  );

  app.delete(
    '/admin/abrechnungen/:month/manual-lines/:id',
    {
      schema: { params: manualLineParamsSchema, response: { 200: okResponseSchema } },
      config: admin,
    },
    async (request) => {
      await deleteManualLine(
        app.db,
        adminActorOf(request),
        request.params.month,
        request.params.id,
        await openingDate(),
      );
      return { success: true as const, message: 'Position entfernt.' };
    },
  );

  app.post(
    '/admin/abrechnungen/:month/finalize',
    {
      schema: { params: settlementMonthParamsSchema, response: { 200: finalizeResponseSchema } },
      config: admin,
    },
    async (request) => {
      const finalized = await finalizeMonth(
        app.db,
        adminActorOf(request),
        request.params.month,
        // read once, now (not the few seconds' cache): the blockers and the documents see the
        // same owner's name and address as the owner just saved them
        await app.settings.reload(),
        request.log,
      );
      // after the answer, not before it: on the embedded database the vacuum queues behind the
      // PDF renderer the commit has woken (seconds a month), and the finalize's answer must not
      // wait for the month's PDFs (docs/decisions/0061)
      void tidyUnsettledLines(app.db).catch((error: unknown) =>
        request.log.error({ err: error }, 'vacuum of unsettled_sales_lines failed'),
      );
      return { success: true as const, ...finalized };
    },
  );

  app.get(
    '/admin/revenue',
    {
      schema: { querystring: revenueQuerySchema, response: { 200: revenueResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      months: await revenueWithOccupancy(
        app.db,
        request.query.from,
        request.query.to,
        undefined,
        (await app.settings.get()).openingDate,
      ),
    }),
  );

  app.get(
    '/admin/open-items',
    {
      schema: { querystring: openItemsQuerySchema, response: { 200: openItemsResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      openItems: await listOpenItems(app.db, request.query.state),
    }),
  );

  app.post(
    '/admin/open-items/:id/paid',
    { schema: { params: idParamsSchema, response: { 200: okResponseSchema } }, config: admin },
    async (request) => {
      await markOpenItemPaid(app.db, adminActorOf(request), request.params.id);
      return { success: true as const, message: 'Als bezahlt markiert.' };
    },
  );
};
