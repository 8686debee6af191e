import { idParamsSchema } from '@housnkuh/shared/schemas/params';
import {
  assignLineResponseSchema,
  assignLineSchema,
  assignLinesResponseSchema,
  assignLinesSchema,
  clarifyQuerySchema,
  clarifyRateResponseSchema,
  clarifyRateSchema,
  clarifyResponseSchema,
  createPosKeySchema,
  importJobMessage,
  lineIdParamsSchema,
  POS_PRODUCTS_CSV_COLUMNS,
  posKeyCreatedSchema,
  posKeyRevokedSchema,
  posKeysResponseSchema,
  posProductsResponseSchema,
  posSalesSchema,
  productSearchQuerySchema,
  productSearchResponseSchema,
  SALES_CSV_MAX_BYTES,
  SALES_IMPORT_JOB_LINES,
  SALES_MESSAGES,
  salesImportCurrentResponseSchema,
  salesImportJobResponseSchema,
  salesImportResultSchema,
  unassignedQuerySchema,
  unassignedResponseSchema,
} from '@housnkuh/shared/schemas/sales';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { adminActorOf } from '../../plugins/auth';
import {
  posProductList,
  searchProductsForAssignment,
  type PosProductRow,
} from '../products/public';
import { clarifyRate, listToClarify } from './clarify.service';
import { currentImportJob, importJob, startImportJob } from './import-jobs.service';
import { decodeCsv, importPosReceipts, importSalesCsv, readCsv } from './import.service';
import { createPosKey, listPosKeys, revokePosKey } from './pos-keys.service';
import { assignLine, assignLines, listUnassigned } from './unassigned.service';
import { writeCsv } from '../../lib/csv';

/** The CSV import takes up to 10 MB (100.000 lines and more). */
export const SALES_CSV_LIMIT = SALES_CSV_MAX_BYTES;
/** The till's receipts of a day and more in one request. */
const POS_SALES_LIMIT = 5 * 1024 * 1024;

function germanDecimal(value: number): string {
  return String(value).replace('.', ',');
}

function euros(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

/** The till's product list as CSV: semicolons, UTF-8 with BOM, German decimals. */
export function posProductsCsv(products: readonly PosProductRow[]): string {
  return writeCsv(
    products.map((product) => [
      product.ean,
      product.name,
      euros(product.priceCents),
      germanDecimal(product.vatRate),
      product.unit,
      product.seller.name,
      product.seller.address,
      product.steuerhinweis,
    ]),
    POS_PRODUCTS_CSV_COLUMNS,
  );
}

async function sendProductsCsv(db: Database, reply: FastifyReply) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="kasse-produkte.csv"')
    .header('cache-control', 'no-store')
    .send(posProductsCsv(await posProductList(db)));
}

/** Till keys, the till's API (/api/pos/*), the CSV import and the unassigned sales. */
export const salesRoutes: FastifyPluginAsyncZod<{ importJobLines?: number }> = async (
  app,
  options,
) => {
  const importJobLines = options.importJobLines ?? SALES_IMPORT_JOB_LINES;
  const admin = { access: 'admin' } as const;
  const pos = { access: 'pos' } as const;

  // the CSV arrives as the body, as it is (text/csv, also text/plain from a plain upload): its
  // bytes, read by the import (UTF-8, else Windows-1252)
  app.addContentTypeParser(
    /^text\/(csv|plain)/,
    { parseAs: 'buffer', bodyLimit: SALES_CSV_LIMIT },
    (_request, body, done) => done(null, body),
  );

  // ---- Einstellungen → Kasse: the till's keys
  app.get(
    '/admin/pos-keys',
    { schema: { response: { 200: posKeysResponseSchema } }, config: admin },
    async () => ({ success: true as const, keys: await listPosKeys(app.db) }),
  );

  app.post(
    '/admin/pos-keys',
    {
      schema: { body: createPosKeySchema, response: { 200: posKeyCreatedSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      ...(await createPosKey(app.db, adminActorOf(request), request.body.name)),
    }),
  );

  app.delete(
    '/admin/pos-keys/:id',
    { schema: { params: idParamsSchema, response: { 200: posKeyRevokedSchema } }, config: admin },
    async (request) => ({
      success: true as const,
      ...(await revokePosKey(app.db, adminActorOf(request), request.params.id)),
    }),
  );

  app.get('/admin/pos/products.csv', { config: admin }, async (_request, reply) =>
    sendProductsCsv(app.db, reply),
  );

  // ---- the till (Authorization: Bearer <key>)
  app.get(
    '/pos/products',
    { schema: { response: { 200: posProductsResponseSchema } }, config: pos },
    async () => ({ success: true as const, products: await posProductList(app.db) }),
  );

  app.get('/pos/products.csv', { config: pos }, async (_request, reply) =>
    sendProductsCsv(app.db, reply),
  );

  app.post(
    '/pos/sales',
    {
      bodyLimit: POS_SALES_LIMIT,
      schema: { body: posSalesSchema, response: { 200: salesImportResultSchema } },
      config: pos,
    },
    async (request) =>
      importPosReceipts(
        app.db,
        request.body.receipts as {
          id: unknown;
          time: unknown;
          lines: Record<string, unknown>[];
        }[],
      ),
  );

  // ---- Verkäufe: the admin's CSV import and the unassigned lines
  // a small file answers with its result; a large one (more than SALES_IMPORT_JOB_LINES lines)
  // becomes a job the page follows (202), and the same file while its job is open joins that job
  app.post(
    '/admin/sales/import',
    {
      bodyLimit: SALES_CSV_LIMIT,
      schema: {
        response: { 200: salesImportResultSchema, 202: salesImportJobResponseSchema },
      },
      config: admin,
    },
    async (request, reply) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { text, encoding } = decodeCsv(bytes);
      const { lines } = readCsv(text);
      const linesTotal = lines.length - 1;
      if (linesTotal <= importJobLines) return importSalesCsv(app.db, bytes);
      const { job, joined } = await startImportJob(
        app.db,
        { bytes, text, encoding, linesTotal },
        adminActorOf(request).id,
      );
      return reply.code(202).send({
        success: true as const,
        message: joined
          ? SALES_MESSAGES.importJobJoined
          : SALES_MESSAGES.importJobStarted(linesTotal),
        job,
      });
    },
  );

  app.get(
    '/admin/sales/import-jobs/current',
    { schema: { response: { 200: salesImportCurrentResponseSchema } }, config: admin },
    async () => ({ success: true as const, job: await currentImportJob(app.db) }),
  );

  app.get(
    '/admin/sales/import-jobs/:id',
    {
      schema: { params: idParamsSchema, response: { 200: salesImportJobResponseSchema } },
      config: admin,
    },
    async (request) => {
      const job = await importJob(app.db, request.params.id);
      return { success: true as const, message: importJobMessage(job), job };
    },
  );

  app.get(
    '/admin/sales/unassigned',
    {
      schema: { querystring: unassignedQuerySchema, response: { 200: unassignedResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      ...(await listUnassigned(app.db, request.query)),
    }),
  );

  // one answer for several lines (all or none)
  app.post(
    '/admin/sales/unassigned',
    {
      schema: { body: assignLinesSchema, response: { 200: assignLinesResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      ...(await assignLines(app.db, adminActorOf(request), request.body)),
    }),
  );

  app.post(
    '/admin/sales/unassigned/:lineId',
    {
      schema: {
        params: lineIdParamsSchema,
        body: assignLineSchema,
        response: { 200: assignLineResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      ...(await assignLine(app.db, adminActorOf(request), request.params.lineId, request.body)),
    }),
  );

  // ---- Zu klären: lines whose VAT rate the producer's tax status does not allow
  app.get(
    '/admin/sales/clarify',
    {
      schema: { querystring: clarifyQuerySchema, response: { 200: clarifyResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      ...(await listToClarify(app.db, request.query)),
    }),
  );

  app.post(
    '/admin/sales/clarify/:lineId',
    {
      schema: {
        params: lineIdParamsSchema,
        body: clarifyRateSchema,
        response: { 200: clarifyRateResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      ...(await clarifyRate(app.db, adminActorOf(request), request.params.lineId, request.body)),
    }),
  );

  app.get(
    '/admin/sales/product-search',
    {
      schema: {
        querystring: productSearchQuerySchema,
        response: { 200: productSearchResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      products: await searchProductsForAssignment(app.db, request.query.q),
    }),
  );
};
