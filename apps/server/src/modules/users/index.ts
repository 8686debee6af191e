import type { FastifyInstance } from 'fastify';
import { usersRoutes } from './users.routes';

/** Users: the admins and the producers' accounts as the admin area manages them. */
export async function usersModule(app: FastifyInstance) {
  await app.register(usersRoutes, { prefix: '/api' });
}
