import {
  adminContactQuerySchema,
  adminContactResponseSchema,
  adminContactsResponseSchema,
  contactReplyInputSchema,
  updateContactSchema,
} from '@housnkuh/shared/schemas/admin-contacts';
import { idParamsSchema } from '@housnkuh/shared/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf } from '../../plugins/auth';
import {
  contactDetail,
  listContacts,
  replyToContact,
  setContactStatus,
} from './contact-admin.service';

/** /api/admin/contacts: the inbox, a message's status, and replies. */
export const contactAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' } as const;

  app.get(
    '/admin/contacts',
    {
      schema: {
        querystring: adminContactQuerySchema,
        response: { 200: adminContactsResponseSchema },
      },
      config: admin,
    },
    async (request) => ({ success: true as const, ...(await listContacts(app.db, request.query)) }),
  );

  app.get(
    '/admin/contacts/:id',
    {
      schema: { params: idParamsSchema, response: { 200: adminContactResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      contact: await contactDetail(app.db, request.params.id),
    }),
  );

  app.patch(
    '/admin/contacts/:id',
    {
      schema: {
        params: idParamsSchema,
        body: updateContactSchema,
        response: { 200: adminContactResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      contact: await setContactStatus(
        app.db,
        adminActorOf(request),
        request.params.id,
        request.body.status,
      ),
    }),
  );

  app.post(
    '/admin/contacts/:id/reply',
    {
      schema: {
        params: idParamsSchema,
        body: contactReplyInputSchema,
        response: { 200: adminContactResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      contact: await replyToContact(
        app.db,
        await app.settings.get(),
        adminActorOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );
};
