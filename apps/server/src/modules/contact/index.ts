import type { FastifyInstance } from 'fastify';
import { contactAdminRoutes } from './contact-admin.routes';
import { contactRoutes } from './contact.routes';
import { contactMailTemplates } from './mails';

/** The contact form: stored, the shop notified, the sender sent a copy. */
export async function contactModule(app: FastifyInstance) {
  app.mailTemplates.add(contactMailTemplates);
  await app.register(contactRoutes, { prefix: '/api' });
  await app.register(contactAdminRoutes, { prefix: '/api' });
}
