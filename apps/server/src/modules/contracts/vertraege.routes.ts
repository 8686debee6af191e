import {
  earliestEndQuerySchema,
  earliestEndResponseSchema,
  extraordinaryTerminationSchema,
  terminateContractSchema,
  vertraegeQuerySchema,
  vertraegeResponseSchema,
  vertragResponseSchema,
} from '@housnkuh/shared/schemas/admin-rental';
import { idParamsSchema } from '@housnkuh/shared/schemas/params';
import { isoDayInBerlin } from '@housnkuh/shared/format';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf } from '../../plugins/auth';
import { lastLifecycleRun } from './lifecycle.service';
import {
  earliestEndOf,
  listVertraege,
  terminateContract,
  terminateExtraordinarily,
  vertragDetail,
} from './vertraege.service';

/** /api/admin/vertraege: the contracts, their history, and terminations. */
export const vertraegeRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' } as const;
  const openingDate = async () => (await app.settings.get()).openingDate;

  app.get(
    '/admin/vertraege',
    {
      schema: { querystring: vertraegeQuerySchema, response: { 200: vertraegeResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      ...(await listVertraege(app.db, await openingDate(), request.query)),
      lifecycle: await lastLifecycleRun(app.db),
    }),
  );

  app.get(
    '/admin/vertraege/:id',
    { schema: { params: idParamsSchema, response: { 200: vertragResponseSchema } }, config: admin },
    async (request) => ({
      success: true as const,
      vertrag: await vertragDetail(app.db, await openingDate(), request.params.id),
    }),
  );

  app.get(
    '/admin/vertraege/:id/earliest-end',
    {
      schema: {
        params: idParamsSchema,
        querystring: earliestEndQuerySchema,
        response: { 200: earliestEndResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      earliestEnd: await earliestEndOf(
        app.db,
        await openingDate(),
        request.params.id,
        request.query.noticeDate ?? isoDayInBerlin(),
      ),
    }),
  );

  app.post(
    '/admin/vertraege/:id/terminate',
    {
      schema: {
        params: idParamsSchema,
        body: terminateContractSchema,
        response: { 200: vertragResponseSchema },
      },
      config: admin,
    },
    async (request) => {
      const vertrag = await terminateContract(
        app.db,
        await app.settings.get(),
        adminActorOf(request),
        request.params.id,
        request.body,
      );
      return {
        success: true as const,
        message: `Die Kündigung ist eingetragen: ${vertrag.statusLabel}.`,
        vertrag,
      };
    },
  );

  app.post(
    '/admin/vertraege/:id/extraordinary',
    {
      schema: {
        params: idParamsSchema,
        body: extraordinaryTerminationSchema,
        response: { 200: vertragResponseSchema },
      },
      config: admin,
    },
    async (request) => {
      const vertrag = await terminateExtraordinarily(
        app.db,
        await app.settings.get(),
        adminActorOf(request),
        request.params.id,
        request.body,
      );
      return {
        success: true as const,
        message: `Die außerordentliche Kündigung ist eingetragen: ${vertrag.statusLabel}.`,
        vertrag,
      };
    },
  );
};
