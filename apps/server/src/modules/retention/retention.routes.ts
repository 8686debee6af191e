import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import {
  deletionAnswerSchema,
  deletionRequestSchema,
  deletionStatusSchema,
  retentionOverviewSchema,
} from '@housnkuh/shared/schemas/deletion';
import { idParamsSchema } from '@housnkuh/shared/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf, vendorIdOf } from '../../plugins/auth';
import {
  deletionStatus,
  removeRetained,
  requestDeletion,
  retentionOverview,
  withdrawDeletion,
} from './deletion.service';

/**
 * The producer's deletion (/api/vendor-auth/deletion) and the admin's view of what is retained
 * (/api/admin/retention), docs/decisions/0092.
 */
export const retentionRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.rateLimits;
  const ctx = async () => ({ db: app.db, settings: await app.settings.get() });

  app.get(
    '/vendor-auth/deletion',
    { schema: { response: { 200: deletionStatusSchema } }, config: { access: 'vendor' } },
    async (request) => deletionStatus(app.db, vendorIdOf(request)),
  );

  app.post(
    '/vendor-auth/deletion',
    {
      schema: { body: deletionRequestSchema, response: { 200: deletionAnswerSchema } },
      config: { access: 'vendor', rateLimit: { max: limits.sensitive, timeWindow: '15 minutes' } },
    },
    async (request) => requestDeletion(await ctx(), vendorIdOf(request), request.body.password),
  );

  app.delete(
    '/vendor-auth/deletion',
    { schema: { response: { 200: messageResponseSchema } }, config: { access: 'vendor' } },
    async (request) => ({
      success: true,
      message: await withdrawDeletion(app.db, vendorIdOf(request)),
    }),
  );

  app.get(
    '/admin/retention',
    { schema: { response: { 200: retentionOverviewSchema } }, config: { access: 'admin' } },
    async () => retentionOverview(app.db),
  );

  app.post(
    '/admin/retention/:id/remove',
    {
      schema: { params: idParamsSchema, response: { 200: messageResponseSchema } },
      config: { access: 'admin' },
    },
    async (request) => ({
      success: true,
      message: (await removeRetained(app.db, request.params.id, adminActorOf(request))).message,
    }),
  );
};
