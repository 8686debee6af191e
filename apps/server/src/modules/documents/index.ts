import type { FastifyInstance } from 'fastify';
import { documentsRoutes } from './documents.routes';
import { DOCUMENT_ATTACHMENT } from './issue.service';
import { documentsMailTemplates } from './mails';
import { documentAttachmentResolver, renderMissingPdfs } from './render.service';

/**
 * Documents (docs/decisions/0034): the shop's invoices, the sales statements and their
 * cancellations, immutable once issued; their PDFs (rendered after the numbering transaction,
 * on start for any left without one, and when a mail needs one), the producer's and the
 * admin's lists.
 */
export async function documentsModule(app: FastifyInstance) {
  app.mailTemplates.add(documentsMailTemplates);
  app.outbox.addAttachmentResolvers({ [DOCUMENT_ATTACHMENT]: documentAttachmentResolver(app.db) });
  app.addHook('onReady', async () => {
    // in the background: a start does not wait for PDFs
    void renderMissingPdfs(app.db).catch((error: unknown) =>
      app.log.error({ err: error }, 'rendering the documents’ PDFs failed'),
    );
  });
  await app.register(documentsRoutes, { prefix: '/api' });
}
