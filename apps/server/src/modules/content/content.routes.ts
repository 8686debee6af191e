import {
  adminSettingsPatchSchema,
  adminSettingsResponseSchema,
} from '@housnkuh/shared/schemas/admin';
import { faqListResponseSchema } from '@housnkuh/shared/schemas/faq';
import { siteSettingsResponseSchema } from '@housnkuh/shared/schemas/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf } from '../../plugins/auth';
import { patchSettings } from './admin-settings.service';

/** /api/settings/public and /api/faqs/public (spec §7). */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/public',
    { schema: { response: { 200: siteSettingsResponseSchema } }, config: { access: 'public' } },
    async () => ({ success: true as const, settings: await app.settings.get() }),
  );

  app.get(
    '/faqs/public',
    { schema: { response: { 200: faqListResponseSchema } }, config: { access: 'public' } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { success: true as const, faqs: await app.publicFaqs.get() };
    },
  );
};

/** /api/admin/settings: every site setting, read and changed by admins. */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/settings',
    { schema: { response: { 200: adminSettingsResponseSchema } }, config: { access: 'admin' } },
    async () => ({ success: true as const, settings: await app.settings.reload() }),
  );

  app.patch(
    '/admin/settings',
    {
      schema: { body: adminSettingsPatchSchema, response: { 200: adminSettingsResponseSchema } },
      config: { access: 'admin' },
    },
    async (request) => ({
      success: true as const,
      settings: await patchSettings(app.db, app.settings, adminActorOf(request), request.body),
    }),
  );
};
