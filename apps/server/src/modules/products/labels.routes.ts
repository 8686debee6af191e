import {
  LABEL_MESSAGES,
  LABEL_PDFS_PER_10_MINUTES,
  labelsQuerySchema,
} from '@housnkuh/shared/schemas/labels';
import { SERVER } from '@housnkuh/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vendorIdOf } from '../../plugins/auth';
import { InvalidError, TooManyAttemptsError } from '../../lib/domain-errors';
import { pdfQueue, QueueFullError, RenderCache } from '../../lib/pdf-queue';
import { renderLabels } from './labels';
import { labelItems } from './labels.service';

/**
 * GET /api/vendor-auth/products/labels.pdf?ids=<id>,<id>&counts=<n>,<n>&format=rolle-50x30|a4-3x8:
 * the signed-in producer's labels as a PDF (docs/decisions/0030). Per producer at most
 * LABEL_PDFS_PER_10_MINUTES; rendered in the server's PDF queue (two at a time, yielding to
 * other requests); the same labels again come from a bounded cache (docs/decisions/0042).
 */
export const labelsRoutes: FastifyPluginAsyncZod = async (app) => {
  // what the labels show (names, prices, EANs) and the format are the key: a changed product
  // is another PDF; at most 64 PDFs and 64 MB
  const cache = new RenderCache(64, 64 * 1024 * 1024);
  app.get(
    '/vendor-auth/products/labels.pdf',
    {
      config: {
        access: 'vendor',
        // per producer, not per address, like the picture uploads
        rateLimit: {
          max: LABEL_PDFS_PER_10_MINUTES,
          timeWindow: '10 minutes',
          keyGenerator: (request) => `labels-pdf:${request.auth?.accountId ?? request.ip}`,
          errorResponseBuilder: (_request, context) =>
            new TooManyAttemptsError(LABEL_MESSAGES.tooMany, Math.ceil(context.ttl / 1000)),
        },
      },
    },
    async (request, reply) => {
      // read here, not by a route schema: the answer names the one thing that is wrong
      const query = labelsQuerySchema.safeParse(request.query ?? {});
      if (!query.success) {
        throw new InvalidError(query.error.issues[0]?.message ?? SERVER.badRequest);
      }
      const labels = await labelItems(app.db, vendorIdOf(request), query.data.items);
      const { format, start } = query.data;
      let pdf: Buffer;
      try {
        pdf = await cache.get(RenderCache.keyOf({ format, start, labels }), () =>
          pdfQueue.run(() => renderLabels(labels, format, start)),
        );
      } catch (error) {
        if (error instanceof QueueFullError)
          throw new TooManyAttemptsError(LABEL_MESSAGES.busy, 60);
        throw error;
      }
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="etiketten-${query.data.format}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
};
