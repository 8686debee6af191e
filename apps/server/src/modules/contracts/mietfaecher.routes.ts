import {
  createMietfachSchema,
  mietfachResponseSchema,
  mietfaecherQuerySchema,
  mietfaecherResponseSchema,
  updateMietfachSchema,
} from '@housnkuh/shared/schemas/admin-rental';
import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import { idParamsSchema } from '@housnkuh/shared/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf } from '../../plugins/auth';
import {
  createMietfach,
  deleteMietfach,
  listMietfaecher,
  updateMietfach,
} from './mietfaecher.service';
import { vendorsWithStorageService } from './storage-service';

/** /api/admin/mietfaecher: the shop's rental units. */
export const mietfaecherRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' } as const;

  app.get(
    '/admin/mietfaecher',
    {
      schema: { querystring: mietfaecherQuerySchema, response: { 200: mietfaecherResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      ...(await listMietfaecher(app.db, request.query, undefined, vendorsWithStorageService)),
    }),
  );

  app.post(
    '/admin/mietfaecher',
    {
      schema: { body: createMietfachSchema, response: { 200: mietfachResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      mietfach: await createMietfach(app.db, adminActorOf(request), request.body),
    }),
  );

  app.patch(
    '/admin/mietfaecher/:id',
    {
      schema: {
        params: idParamsSchema,
        body: updateMietfachSchema,
        response: { 200: mietfachResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      mietfach: await updateMietfach(
        app.db,
        adminActorOf(request),
        request.params.id,
        request.body,
        undefined,
        vendorsWithStorageService,
      ),
    }),
  );

  app.delete(
    '/admin/mietfaecher/:id',
    { schema: { params: idParamsSchema, response: { 200: messageResponseSchema } }, config: admin },
    async (request) => {
      await deleteMietfach(app.db, adminActorOf(request), request.params.id);
      return { success: true, message: 'Das Mietfach ist gelöscht.' };
    },
  );
};
