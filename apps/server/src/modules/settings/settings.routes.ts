import { siteSettingsResponseSchema } from '@housnkuh/shared/schemas/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/public',
    { schema: { response: { 200: siteSettingsResponseSchema } }, config: { access: 'public' } },
    async () => ({ success: true as const, settings: await app.settings.get() }),
  );
};
