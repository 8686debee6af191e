import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health.routes';
import { testClockRoutes } from './test-clock.routes';

/**
 * GET /api/health: whether this instance and its database answer. On a test server (CLOCK_START
 * set) also POST /api/admin/test-clock, which moves its clock forward.
 */
export async function healthModule(app: FastifyInstance) {
  await app.register(healthRoutes, { prefix: '/api' });
  if (app.config.clockStart) await app.register(testClockRoutes, { prefix: '/api' });
}
