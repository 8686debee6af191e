import {
  adminTagResponseSchema,
  adminTagsResponseSchema,
  createTagSchema,
  deleteTagQuerySchema,
  updateTagSchema,
} from '@housnkuh/shared/schemas/admin-tags';
import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import { idParamsSchema } from '@housnkuh/shared/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Cached } from '../../lib/cache';
import { adminActorOf } from '../../plugins/auth';
import { createTag, deleteTag, listAdminTags, updateTag } from './admin-tags.service';

/** /api/admin/tags: the directory's tags; a change shows in its filters and pages at once. */
export const adminTagsRoutes: FastifyPluginAsyncZod<{ filters: Cached<unknown> }> = async (
  app,
  { filters },
) => {
  const admin = { access: 'admin' } as const;
  const published = () => {
    filters.invalidate();
    app.pages.invalidate();
  };

  app.get(
    '/admin/tags',
    { schema: { response: { 200: adminTagsResponseSchema } }, config: admin },
    async () => ({ success: true as const, tags: await listAdminTags(app.db) }),
  );

  app.post(
    '/admin/tags',
    { schema: { body: createTagSchema, response: { 200: adminTagResponseSchema } }, config: admin },
    async (request) => {
      const tag = await createTag(app.db, adminActorOf(request), request.body);
      published();
      return { success: true as const, tag };
    },
  );

  app.patch(
    '/admin/tags/:id',
    {
      schema: {
        params: idParamsSchema,
        body: updateTagSchema,
        response: { 200: adminTagResponseSchema },
      },
      config: admin,
    },
    async (request) => {
      const tag = await updateTag(app.db, adminActorOf(request), request.params.id, request.body);
      published();
      return { success: true as const, tag };
    },
  );

  app.delete(
    '/admin/tags/:id',
    {
      schema: {
        params: idParamsSchema,
        querystring: deleteTagQuerySchema,
        response: { 200: messageResponseSchema },
      },
      config: admin,
    },
    async (request) => {
      const { removedFrom } = await deleteTag(
        app.db,
        adminActorOf(request),
        request.params.id,
        request.query.confirm,
      );
      published();
      return {
        success: true,
        message: removedFrom
          ? `Der Tag ist gelöscht und bei ${removedFrom === 1 ? 'einem Direktvermarkter' : `${removedFrom} Direktvermarktern`} entfernt.`
          : 'Der Tag ist gelöscht.',
      };
    },
  );
};
