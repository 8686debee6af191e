import type { FastifyInstance } from 'fastify';
import { profilesRoutes } from './profiles.routes';

/**
 * Profiles: the producer edits its own public profile (fields, opening hours,
 * categories, address, pictures, visibility) and business data (tax, bank
 * account), and downloads everything kept about it (GDPR).
 */
export async function profilesModule(app: FastifyInstance) {
  await app.register(profilesRoutes, { prefix: '/api' });
}
