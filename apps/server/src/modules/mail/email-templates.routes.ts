import {
  EMAIL_TEMPLATE_MESSAGES,
  emailTemplatePreviewResponseSchema,
  emailTemplateResponseSchema,
  emailTemplatesResponseSchema,
  emailTemplateTestSchema,
  emailTemplateTextsSchema,
  templateKeyParamsSchema,
} from '@housnkuh/shared/schemas/admin-email-templates';
import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf } from '../../plugins/auth';
import {
  getTemplate,
  listTemplates,
  previewTemplate,
  resetTemplate,
  saveTemplate,
  sendTestTemplate,
} from './email-templates.service';

/** /api/admin/email-templates: the texts of every mail, editable, with preview and test. */
export const emailTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' } as const;
  const base = '/admin/email-templates';
  const params = templateKeyParamsSchema;

  app.get(
    base,
    { schema: { response: { 200: emailTemplatesResponseSchema } }, config: admin },
    async () => ({
      success: true as const,
      templates: await listTemplates(app.db, app.mailTemplates, await app.settings.get()),
    }),
  );

  app.get(
    `${base}/:key`,
    { schema: { params, response: { 200: emailTemplateResponseSchema } }, config: admin },
    async (request) => ({
      success: true as const,
      template: await getTemplate(
        app.db,
        app.mailTemplates,
        await app.settings.get(),
        request.params.key,
      ),
    }),
  );

  app.put(
    `${base}/:key`,
    {
      schema: {
        params,
        body: emailTemplateTextsSchema,
        response: { 200: emailTemplateResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      message: EMAIL_TEMPLATE_MESSAGES.saved,
      template: await saveTemplate(
        app.db,
        app.mailTemplates,
        await app.settings.get(),
        adminActorOf(request),
        request.params.key,
        request.body,
      ),
    }),
  );

  app.delete(
    `${base}/:key`,
    { schema: { params, response: { 200: emailTemplateResponseSchema } }, config: admin },
    async (request) => ({
      success: true as const,
      message: EMAIL_TEMPLATE_MESSAGES.reset,
      template: await resetTemplate(
        app.db,
        app.mailTemplates,
        await app.settings.get(),
        adminActorOf(request),
        request.params.key,
      ),
    }),
  );

  app.post(
    `${base}/:key/preview`,
    {
      schema: {
        params,
        body: emailTemplateTextsSchema,
        response: { 200: emailTemplatePreviewResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      ...previewTemplate(
        app.mailTemplates,
        await app.settings.get(),
        request.params.key,
        request.body,
      ),
    }),
  );

  app.post(
    `${base}/:key/test`,
    {
      schema: { params, body: emailTemplateTestSchema, response: { 200: messageResponseSchema } },
      config: admin,
    },
    async (request) => {
      await sendTestTemplate(
        app.db,
        app.mailTemplates,
        await app.settings.get(),
        request.params.key,
        request.body,
      );
      return { success: true, message: `Die Test-E-Mail geht an ${request.body.email}.` };
    },
  );
};
