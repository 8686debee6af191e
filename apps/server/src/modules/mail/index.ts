import type { FastifyInstance } from 'fastify';
import { emailTemplateRoutes } from './email-templates.routes';

/** Mail: the admin's pages of the mail templates (the outbox itself is plugins/mail.ts). */
export async function mailModule(app: FastifyInstance) {
  await app.register(emailTemplateRoutes, { prefix: '/api' });
}
