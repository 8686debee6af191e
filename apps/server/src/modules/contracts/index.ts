import type { FastifyInstance } from 'fastify';
import { mietfaecherRoutes } from './mietfaecher.routes';
import { vertraegeRoutes } from './vertraege.routes';

/** Contracts: the shop floor (Mietfächer) and the contracts that hold its units. */
export async function contractsModule(app: FastifyInstance) {
  await app.register(mietfaecherRoutes, { prefix: '/api' });
  await app.register(vertraegeRoutes, { prefix: '/api' });
}
