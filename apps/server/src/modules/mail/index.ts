import type { FastifyInstance } from 'fastify';
import { emailTemplateRoutes } from './email-templates.routes';

/**
 * Mail: the admin's pages of the mail templates the modules registered (the
 * outbox and the registry, app.mailTemplates, are plugins/mail.ts).
 */
export async function mailModule(app: FastifyInstance) {
  await app.register(emailTemplateRoutes, { prefix: '/api' });
}
