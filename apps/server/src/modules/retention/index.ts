import type { FastifyInstance } from 'fastify';
import { DeletionWorker } from './deletion-worker';
import { retentionMailTemplates } from './mails';
import { retentionRoutes } from './retention.routes';

/**
 * Retention: a producer's deletion with retention (docs/decisions/0092): the request and its
 * reasons to wait, carrying it out once nothing is open, the hourly job for the waiting ones, the
 * admin's list of what is retained and its removal after the retention, with a record that stays.
 */
export async function retentionModule(app: FastifyInstance) {
  app.mailTemplates.add(retentionMailTemplates);
  app.jobs.add('deletions', new DeletionWorker(app.db, () => app.settings.get(), app.log));
  await app.register(retentionRoutes, { prefix: '/api' });
}
