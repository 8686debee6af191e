// Reading the documents (docs/decisions/0034): for the producer, the admin, the exports and the
// checks of other modules (clean-up, demo removal, data export).
import { isUuid } from '@housnkuh/shared/schemas/params';
import {
  DOCUMENT_MESSAGES,
  type AdminDocument,
  type DocumentType,
  type ProducerParty,
  type VendorDocument,
} from '@housnkuh/shared/schemas/documents';
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { NotFoundError } from '../../lib/domain-errors';
import { vendorNamesOf } from '../vendors/public';
import { hasEInvoice } from './e-invoice';
import { documents } from './schema';
import { allSales } from './statement-lines';

const NOT_FOUND = 'Beleg nicht gefunden';

/** Whether a producer has any document (then it is never removed). */
export async function vendorHasDocuments(db: Executor, vendorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.vendorId, vendorId))
    .limit(1);
  return row !== undefined;
}

/** SQL: whether the producer `vendorId` has a document (the account clean-up keeps it). */
export function hasDocuments(vendorId: SQLWrapper): SQL {
  return sql`exists (select 1 from ${documents} where ${documents.vendorId} = ${vendorId})`;
}

/**
 * The demo removal's check (DEMO_REMOVAL_CHECKS of the users module): demo producers with
 * documents stay, their documents are the shop's records.
 */
export async function demoRemovalDocumentsCheck(
  db: Executor,
  vendorIds: readonly string[],
): Promise<string[]> {
  const n = await vendorsWithDocuments(db, vendorIds);
  return n > 0 ? [DOCUMENT_MESSAGES.demoBlocked(n)] : [];
}

/** The producer's documents for its data export: as issued, without the PDF's bytes. */
export async function documentRecordsOf(db: Executor, vendorId: string) {
  const rows = await db
    .select({
      type: documents.type,
      number: documents.number,
      month: documents.month,
      issuedOn: documents.issuedOn,
      totalGrossCents: documents.totalGrossCents,
      refersToNumber: original.number,
      reason: documents.reason,
      content: documents.content,
      parties: documents.parties,
      sha256: documents.sha256,
      id: documents.id,
    })
    .from(documents)
    .leftJoin(original, eq(original.id, documents.refersToId))
    .where(eq(documents.vendorId, vendorId))
    .orderBy(asc(documents.issuedOn), asc(documents.number));
  return rows.map(({ id, ...row }) => ({ ...row, pdfUrl: `/api/vendor-auth/documents/${id}/pdf` }));
}

/** How many of these producers have documents. */
export async function vendorsWithDocuments(
  db: Executor,
  vendorIds: readonly string[],
): Promise<number> {
  if (vendorIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${documents.vendorId})::int` })
    .from(documents)
    .where(inArray(documents.vendorId, [...vendorIds]));
  return row?.n ?? 0;
}

/** The producer's name as the document names it: the business, else the person. */
export function producerName(producer: ProducerParty): string {
  return producer.unternehmen ? producer.unternehmen : producer.name;
}

export interface DocumentLine {
  issuedOn: string;
  number: string;
  type: 'rechnung' | 'storno';
  vendorId: string;
  vendorName: string;
  text: string;
  netCents: number;
  vatRateBp: number;
  vatCents: number;
  grossCents: number;
  /** rent (and extra services), commission or a manual line: the account it is booked on */
  kind: 'rent' | 'commission' | 'manual';
}

const original = alias(documents, 'original');

/**
 * Every line of the shop's invoices and of the cancellations of invoices issued from `from` to
 * `to` (ISO days, both included), by issue day and number: what the shop's books show. Sales
 * statements (and their cancellations) are no invoices of the shop: they do not appear.
 */
export async function documentLinesInPeriod(
  db: Executor,
  from: string,
  to: string,
): Promise<DocumentLine[]> {
  const rows = await db
    .select({
      issuedOn: documents.issuedOn,
      number: documents.number,
      type: documents.type,
      vendorId: documents.vendorId,
      content: documents.content,
      parties: documents.parties,
      originalType: original.type,
    })
    .from(documents)
    .leftJoin(original, eq(original.id, documents.refersToId))
    .where(and(gte(documents.issuedOn, from), lte(documents.issuedOn, to)))
    .orderBy(asc(documents.issuedOn), asc(documents.number));
  const lines: DocumentLine[] = [];
  for (const row of rows) {
    const invoiceLike =
      row.type === 'rechnung' || (row.type === 'storno' && row.originalType === 'rechnung');
    if (!invoiceLike) continue;
    const content = row.content;
    const vendorName = producerName(row.parties.producer);
    for (const line of content.invoice.lines)
      lines.push({
        issuedOn: row.issuedOn,
        number: row.number,
        type: row.type as 'rechnung' | 'storno',
        vendorId: row.vendorId,
        vendorName,
        text: line.text,
        netCents: line.netCents,
        vatRateBp: line.vatRateBp,
        vatCents: line.vatCents,
        grossCents: line.grossCents,
        kind: line.kind,
      });
  }
  return lines;
}

const cancellation = alias(documents, 'cancellation');

function summaryColumns() {
  return {
    id: documents.id,
    type: documents.type,
    number: documents.number,
    month: documents.month,
    issuedOn: documents.issuedOn,
    totalGrossCents: documents.totalGrossCents,
    vendorId: documents.vendorId,
    content: documents.content,
    refersToNumber: original.number,
    refersToType: original.type,
    cancelledBy: cancellation.number,
  };
}

function listQuery(db: Executor) {
  return db
    .select(summaryColumns())
    .from(documents)
    .leftJoin(original, eq(original.id, documents.refersToId))
    .leftJoin(
      cancellation,
      and(eq(cancellation.refersToId, documents.id), eq(cancellation.type, 'storno')),
    );
}

/** The e-invoice's address of an invoice or an invoice's cancellation (null: none). */
function xmlUrlOf(
  base: string,
  row: { id: string; type: string; refersToType: string | null },
): string | null {
  return hasEInvoice(
    row.type as DocumentType,
    row.refersToType ? { type: row.refersToType as DocumentType } : null,
  )
    ? `${base}/${row.id}/xrechnung.xml`
    : null;
}

/** A row of the documents' lists (listQuery). */
type ListRow = Awaited<ReturnType<typeof listQuery>>[number];

/** What both lists say of a document, with its downloads under `base`. */
function listFields(row: ListRow, base: string) {
  return {
    id: row.id,
    type: row.type as DocumentType,
    number: row.number,
    month: row.month,
    issuedOn: row.issuedOn,
    totalGrossCents: row.totalGrossCents,
    refersToNumber: row.refersToNumber,
    cancelledBy: row.cancelledBy,
    pdfUrl: `${base}/${row.id}/pdf`,
    xmlUrl: xmlUrlOf(base, row),
  };
}

/** The producer's documents, newest first, each with the statement's receipt lines. */
export async function vendorDocuments(db: Executor, vendorId: string): Promise<VendorDocument[]> {
  const rows = await listQuery(db)
    .where(eq(documents.vendorId, vendorId))
    .orderBy(desc(documents.issuedOn), desc(documents.number));
  return rows.map((row) => {
    const content = row.content;
    return {
      ...listFields(row, '/api/vendor-auth/documents'),
      lines:
        row.type === 'verkaufsabrechnung'
          ? allSales(content).map((line) => ({
              receiptId: line.receiptId,
              position: line.position,
              soldAt: line.soldAt,
              articleText: line.articleText,
              quantityThousandths: line.quantityThousandths,
              unitPriceGrossCents: line.unitPriceGrossCents,
              vatRateBp: line.vatRateBp,
              grossCents: line.grossCents,
              unit: line.unit ?? null,
              soldOn: line.soldOn,
            }))
          : [],
      payoutCents: row.type === 'verkaufsabrechnung' ? content.payoutCents : null,
    };
  });
}

/** The documents of a producer and/or month for the admin, newest first. */
export async function adminDocuments(
  db: Executor,
  filter: { vendorId?: string | undefined; month?: string | undefined },
): Promise<AdminDocument[]> {
  if (filter.vendorId !== undefined && !isUuid(filter.vendorId)) return [];
  const rows = await listQuery(db)
    .where(
      and(
        filter.vendorId ? eq(documents.vendorId, filter.vendorId) : undefined,
        filter.month ? eq(documents.month, filter.month) : undefined,
      ),
    )
    .orderBy(desc(documents.issuedOn), desc(documents.number));
  const names = new Map(
    // the business's name where it has one, as the settlement's list says it
    (await vendorNamesOf(db, [...new Set(rows.map((row) => row.vendorId))])).map((vendor) => [
      vendor.id,
      vendor.unternehmen || vendor.name,
    ]),
  );
  return rows.map((row) => ({
    ...listFields(row, '/api/admin/documents'),
    vendorId: row.vendorId,
    vendorName: names.get(row.vendorId) ?? '',
  }));
}

/** A stored document (with its PDF if rendered); another producer's → not found. */
export async function findDocument(db: Executor, id: string, vendorId?: string) {
  if (!isUuid(id)) throw new NotFoundError(NOT_FOUND);
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), vendorId ? eq(documents.vendorId, vendorId) : undefined));
  if (!row) throw new NotFoundError(NOT_FOUND);
  return row;
}

/**
 * The statements (Verkaufsabrechnungen) with these ids as issued: the payout they print and the
 * payee (account holder and IBAN) printed on them. The payment runs check each payout against it
 * (docs/decisions/0039).
 */
export async function statementPayouts(db: Executor, ids: readonly string[]) {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (wanted.length === 0) return [];
  const rows = await db
    .select({
      id: documents.id,
      vendorId: documents.vendorId,
      month: documents.month,
      number: documents.number,
      content: documents.content,
      parties: documents.parties,
    })
    .from(documents)
    .where(and(inArray(documents.id, wanted), eq(documents.type, 'verkaufsabrechnung')));
  return rows.map((row) => {
    const producer = row.parties.producer;
    return {
      id: row.id,
      vendorId: row.vendorId,
      month: row.month,
      number: row.number,
      payoutCents: row.content.payoutCents,
      payeeName: producer.kontoinhaber,
      payeeIban: producer.iban,
    };
  });
}

/** How many of the month's documents have their PDF rendered (the settlement's progress). */
export async function pdfCountOfMonth(
  db: Executor,
  month: string,
): Promise<{ rendered: number; total: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      rendered: sql<number>`count(${documents.pdf})::int`,
    })
    .from(documents)
    .where(eq(documents.month, month));
  return { rendered: Number(row?.rendered ?? 0), total: Number(row?.total ?? 0) };
}
