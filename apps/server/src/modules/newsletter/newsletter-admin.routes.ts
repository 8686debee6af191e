import {
  newsletterDraftSchema,
  newsletterIssuesResponseSchema,
  newsletterPreviewResponseSchema,
  newsletterSentResponseSchema,
  newsletterTestSchema,
  subscriberQuerySchema,
  subscribersResponseSchema,
  unsubscribeSchema,
} from '@housnkuh/shared/schemas/admin-newsletter';
import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import { idParamsSchema } from '@housnkuh/shared/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf } from '../../plugins/auth';
import {
  listIssues,
  listSubscribers,
  previewNewsletter,
  recipientCount,
  removeSubscriber,
  sendNewsletter,
  sendTestNewsletter,
  subscribersCsv,
  unsubscribe,
} from './newsletter-admin.service';

/** /api/admin/newsletter: subscribers, preview, test, send, the sent list; and the public unsubscribe. */
export const newsletterAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' } as const;
  const publicUrl = app.config.publicUrl;

  app.post(
    '/newsletter/unsubscribe',
    {
      schema: { body: unsubscribeSchema, response: { 200: messageResponseSchema } },
      config: { access: 'public' },
    },
    async (request) => ({ success: true, message: await unsubscribe(app.db, request.body.token) }),
  );

  app.get(
    '/admin/newsletter/subscribers',
    {
      schema: { querystring: subscriberQuerySchema, response: { 200: subscribersResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      ...(await listSubscribers(app.db, request.query)),
    }),
  );

  app.delete(
    '/admin/newsletter/subscribers/:id',
    { schema: { params: idParamsSchema, response: { 200: messageResponseSchema } }, config: admin },
    async (request) => {
      await removeSubscriber(app.db, adminActorOf(request), request.params.id);
      return { success: true, message: 'Der Abonnent ist entfernt.' };
    },
  );

  app.get('/admin/newsletter/subscribers/export.csv', { config: admin }, async (_request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="newsletter-abonnenten.csv"')
      .header('cache-control', 'no-store')
      .send(await subscribersCsv(app.db)),
  );

  app.post(
    '/admin/newsletter/preview',
    {
      schema: { body: newsletterDraftSchema, response: { 200: newsletterPreviewResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      ...(await previewNewsletter(app.db, await app.settings.get(), publicUrl, request.body)),
      recipients: await recipientCount(app.db, request.body.audience),
    }),
  );

  app.post(
    '/admin/newsletter/test',
    {
      schema: { body: newsletterTestSchema, response: { 200: messageResponseSchema } },
      config: admin,
    },
    async (request) => {
      await sendTestNewsletter(app.db, await app.settings.get(), publicUrl, request.body);
      return { success: true, message: `Der Test geht an ${request.body.email}.` };
    },
  );

  app.post(
    '/admin/newsletter/send',
    {
      schema: { body: newsletterDraftSchema, response: { 200: newsletterSentResponseSchema } },
      config: admin,
    },
    async (request) => {
      const issue = await sendNewsletter(app.db, adminActorOf(request), request.body);
      return {
        success: true as const,
        message: `Der Newsletter geht an ${issue.recipientCount} Abonnenten.`,
        issue,
      };
    },
  );

  app.get(
    '/admin/newsletter/issues',
    { schema: { response: { 200: newsletterIssuesResponseSchema } }, config: admin },
    async () => ({ success: true as const, issues: await listIssues(app.db) }),
  );
};
