import type { FastifyInstance } from 'fastify';
import { documentsMailTemplates } from './mails';

/**
 * Documents (docs/decisions/0034): the shop's invoices, the sales statements and their
 * cancellations, immutable once issued; their PDFs, the producer's and the admin's lists.
 */
export async function documentsModule(app: FastifyInstance) {
  app.mailTemplates.add(documentsMailTemplates);
}
