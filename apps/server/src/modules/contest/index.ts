import type { FastifyInstance } from 'fastify';
import { contestAdminRoutes } from './contest-admin.routes';
import { contestRoutes } from './contest.routes';
import { contestMailTemplates } from './mails';

/** The opening contest: guess the producers, one entry per address. */
export async function contestModule(app: FastifyInstance) {
  app.mailTemplates.add(contestMailTemplates);
  await app.register(contestRoutes, { prefix: '/api' });
  await app.register(contestAdminRoutes, { prefix: '/api' });
}
