import type { FastifyInstance } from 'fastify';
import { profilesRoutes } from './profiles.routes';
import { profilesMailTemplates } from './mails';

/**
 * Profiles: the producer edits its own public profile (fields, opening hours,
 * categories, address, pictures, visibility) and business data (tax, bank
 * account), sees its own profile (vendorProfile, also for the vendors module's
 * route), and downloads everything kept about it (GDPR).
 */
export async function profilesModule(app: FastifyInstance) {
  app.mailTemplates.add(profilesMailTemplates);
  await app.register(profilesRoutes, { prefix: '/api' });
}
