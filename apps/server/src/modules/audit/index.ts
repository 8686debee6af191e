import type { FastifyInstance } from 'fastify';
import { auditRoutes } from './audit.routes';

/** Audit: the record of every admin change and its list for admins. */
export async function auditModule(app: FastifyInstance) {
  await app.register(auditRoutes, { prefix: '/api' });
}
