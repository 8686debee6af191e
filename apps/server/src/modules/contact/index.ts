import type { FastifyInstance } from 'fastify';
import { contactRoutes } from './contact.routes';

/** The contact form: stored, the shop notified, the sender sent a copy. */
export async function contactModule(app: FastifyInstance) {
  await app.register(contactRoutes, { prefix: '/api' });
}
