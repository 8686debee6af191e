import {
  adminDocumentsQuerySchema,
  adminDocumentsResponseSchema,
  vendorDocumentsResponseSchema,
} from '@housnkuh/shared/schemas/documents';
import { idParamsSchema } from '@housnkuh/shared/schemas/params';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vendorIdOf } from '../../plugins/auth';
import { adminDocuments, vendorDocuments } from './queries.service';
import { documentPdf, documentXml } from './render.service';

function sendPdf(reply: FastifyReply, document: { number: string; pdf: Buffer }) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${document.number}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(document.pdf);
}

/** The e-invoice alone (docs/decisions/0075-e-invoices.md): the CII XML embedded in the PDF. */
function sendXml(reply: FastifyReply, document: { number: string; xml: Buffer }) {
  return reply
    .type('application/xml')
    .header('content-disposition', `attachment; filename="${document.number}-xrechnung.xml"`)
    .header('cache-control', 'private, no-store')
    .send(document.xml);
}

/**
 * The documents (docs/decisions/0034): the producer's own (/api/vendor-auth/documents) and the
 * admin's lists, each with the PDF. Another producer's document is "not found".
 */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' } as const;

  app.get(
    '/vendor-auth/documents',
    {
      schema: { response: { 200: vendorDocumentsResponseSchema } },
      config: { access: 'vendor' },
    },
    async (request) => ({
      success: true as const,
      documents: await vendorDocuments(app.db, vendorIdOf(request)),
    }),
  );

  app.get(
    '/vendor-auth/documents/:id/pdf',
    { schema: { params: idParamsSchema }, config: { access: 'vendor' } },
    async (request, reply) =>
      sendPdf(reply, await documentPdf(app.db, request.params.id, vendorIdOf(request))),
  );

  app.get(
    '/vendor-auth/documents/:id/xrechnung.xml',
    { schema: { params: idParamsSchema }, config: { access: 'vendor' } },
    async (request, reply) =>
      sendXml(reply, await documentXml(app.db, request.params.id, vendorIdOf(request))),
  );

  app.get(
    '/admin/documents',
    {
      schema: {
        querystring: adminDocumentsQuerySchema,
        response: { 200: adminDocumentsResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      documents: await adminDocuments(app.db, request.query),
    }),
  );

  app.get(
    '/admin/documents/:id/pdf',
    { schema: { params: idParamsSchema }, config: admin },
    async (request, reply) => sendPdf(reply, await documentPdf(app.db, request.params.id)),
  );

  app.get(
    '/admin/documents/:id/xrechnung.xml',
    { schema: { params: idParamsSchema }, config: admin },
    async (request, reply) => sendXml(reply, await documentXml(app.db, request.params.id)),
  );
};
