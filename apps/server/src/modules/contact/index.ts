import type { FastifyInstance } from 'fastify';
import { contactAdminRoutes } from './contact-admin.routes';
import { contactRoutes } from './contact.routes';

/** The contact form: stored, the shop notified, the sender sent a copy. */
export async function contactModule(app: FastifyInstance) {
  await app.register(contactRoutes, { prefix: '/api' });
  await app.register(contactAdminRoutes, { prefix: '/api' });
}
