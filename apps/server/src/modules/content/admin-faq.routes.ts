import {
  adminFaqResponseSchema,
  adminFaqsResponseSchema,
  createFaqSchema,
  moveFaqSchema,
  updateFaqSchema,
} from '@housnkuh/shared/schemas/admin-faq';
import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import { idParamsSchema } from '@housnkuh/shared/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf } from '../../plugins/auth';
import { createFaq, deleteFaq, listAdminFaqs, moveFaq, updateFaq } from './admin-faqs.service';

/** /api/admin/faq: the admin's FAQ; every change shows on /faq and /api/faqs/public at once. */
export const adminFaqRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' } as const;
  /** The public list and the rendered /faq are read again on their next request. */
  const published = () => {
    app.publicFaqs.invalidate();
    app.pages.invalidate();
  };

  app.get(
    '/admin/faq',
    { schema: { response: { 200: adminFaqsResponseSchema } }, config: admin },
    async () => ({ success: true as const, faqs: await listAdminFaqs(app.db) }),
  );

  app.post(
    '/admin/faq',
    { schema: { body: createFaqSchema, response: { 200: adminFaqResponseSchema } }, config: admin },
    async (request) => {
      const faq = await createFaq(app.db, adminActorOf(request), request.body);
      published();
      return { success: true as const, faq };
    },
  );

  app.patch(
    '/admin/faq/:id',
    {
      schema: {
        params: idParamsSchema,
        body: updateFaqSchema,
        response: { 200: adminFaqResponseSchema },
      },
      config: admin,
    },
    async (request) => {
      const faq = await updateFaq(app.db, adminActorOf(request), request.params.id, request.body);
      published();
      return { success: true as const, faq };
    },
  );

  app.delete(
    '/admin/faq/:id',
    { schema: { params: idParamsSchema, response: { 200: messageResponseSchema } }, config: admin },
    async (request) => {
      await deleteFaq(app.db, adminActorOf(request), request.params.id);
      published();
      return { success: true, message: 'Die Frage ist gelöscht.' };
    },
  );

  app.post(
    '/admin/faq/:id/move',
    {
      schema: {
        params: idParamsSchema,
        body: moveFaqSchema,
        response: { 200: adminFaqsResponseSchema },
      },
      config: admin,
    },
    async (request) => {
      const faqs = await moveFaq(
        app.db,
        adminActorOf(request),
        request.params.id,
        request.body.direction,
      );
      published();
      return { success: true as const, faqs };
    },
  );
};
