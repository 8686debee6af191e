import type { FastifyInstance } from 'fastify';
import { onWake } from '../../db/transaction';
import { documentsRoutes } from './documents.routes';
import { DOCUMENT_ATTACHMENT } from './issue.service';
import { documentsMailTemplates } from './mails';
import { documentAttachmentResolver, renderMissingPdfs } from './render.service';

/**
 * Documents (docs/decisions/0034): the shop's invoices, the sales statements and their
 * cancellations, immutable once issued; their PDFs (rendered after the numbering transaction,
 * on start for any left without one, and when a mail needs one), an invoice's and its
 * cancellation's as ZUGFeRD / Factur-X e-invoices with their CII XML (docs/decisions/0075), the
 * producer's and the admin's lists.
 */
export async function documentsModule(app: FastifyInstance) {
  app.mailTemplates.add(documentsMailTemplates);
  app.outbox.addAttachmentResolvers({ [DOCUMENT_ATTACHMENT]: documentAttachmentResolver(app.db) });
  // one run at a time; a wake during a run asks for another one after it
  let running: Promise<void> | null = null;
  let again = false;
  const render = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = renderMissingPdfs(app.db, app.log, true)
      .then(() => undefined)
      .catch((error: unknown) =>
        app.log.error({ err: error }, 'rendering the documents’ PDFs failed'),
      )
      .finally(() => {
        running = null;
        if (again && !closing) {
          again = false;
          render();
        }
      });
  };
  let closing = false;
  const stopWaking = onWake(app.db, 'documents', render);
  // in the background: a start does not wait for PDFs
  app.addHook('onReady', async () => render());
  app.addHook('onClose', async () => {
    closing = true;
    stopWaking();
    await running;
  });
  await app.register(documentsRoutes, { prefix: '/api' });
}
