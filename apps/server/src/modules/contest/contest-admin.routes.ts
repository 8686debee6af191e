import {
  adminContestQuerySchema,
  adminContestResponseSchema,
  contestAnswersSchema,
  contestDrawResponseSchema,
  contestEvaluationResponseSchema,
} from '@housnkuh/shared/schemas/admin-contest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf } from '../../plugins/auth';
import { contestCsv, contestOverview, drawWinner, evaluateContest } from './contest-admin.service';

/** /api/admin/vendor-contest: entries, ranking, CSV, evaluation and the draw. */
export const contestAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' } as const;

  app.get(
    '/admin/vendor-contest',
    {
      schema: {
        querystring: adminContestQuerySchema,
        response: { 200: adminContestResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      ...(await contestOverview(app.db, await app.settings.get(), request.query)),
    }),
  );

  app.get('/admin/vendor-contest/export.csv', { config: admin }, async (_request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="wettbewerb-teilnahmen.csv"')
      .header('cache-control', 'no-store')
      .send(await contestCsv(app.db)),
  );

  app.post(
    '/admin/vendor-contest/evaluate',
    {
      schema: { body: contestAnswersSchema, response: { 200: contestEvaluationResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      ...(await evaluateContest(app.db, request.body.answers)),
    }),
  );

  app.post(
    '/admin/vendor-contest/draw',
    {
      schema: { body: contestAnswersSchema, response: { 200: contestDrawResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      ...(await drawWinner(
        app.db,
        await app.settings.get(),
        adminActorOf(request),
        request.body.answers,
      )),
    }),
  );
};
