// Rendering the stored documents' PDFs after the numbering transaction (docs/decisions/0034):
// each PDF is stored once with its SHA-256, the one change the database allows.
import { createHash } from 'node:crypto';
import type { DocumentType } from '@housnkuh/shared/schemas/documents';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isSharedDatabase, type Executor } from '../../db/client';
import { claimLease, releaseLease } from '../../lib/leases';
import { pdfQueue, QueueFullError } from '../../lib/pdf-queue';
import type { ResolvedAttachment } from '../mail/public';
import {
  FACTUR_X_CONFORMANCE,
  FACTUR_X_FILENAME,
  hasEInvoice,
  renderEInvoiceXml,
} from './e-invoice';
import { embeddedFile } from './pdf-files';
import { renderDocumentPdf } from './pdf';
import { findDocument } from './queries.service';
import { NotFoundError } from '../../lib/domain-errors';
import { documents } from './schema';

type DocumentRow = typeof documents.$inferSelect;

async function pdfOf(db: Executor, row: DocumentRow): Promise<Buffer> {
  let partnerNumber: string | null = null;
  let original: { type: DocumentType; number: string; issuedOn: string } | null = null;
  if (row.type === 'rechnung') {
    const [statement] = await db
      .select({ number: documents.number })
      .from(documents)
      .where(and(eq(documents.refersToId, row.id), eq(documents.type, 'verkaufsabrechnung')));
    partnerNumber = statement?.number ?? null;
  } else if (row.refersToId) {
    const [other] = await db
      .select({ type: documents.type, number: documents.number, issuedOn: documents.issuedOn })
      .from(documents)
      .where(eq(documents.id, row.refersToId));
    if (row.type === 'verkaufsabrechnung') partnerNumber = other?.number ?? null;
    else if (other) original = { ...other, type: other.type as DocumentType };
  }
  // in the server's PDF queue with the labels: two renders at a time (docs/decisions/0042);
  // a full queue makes the caller wait for its turn here rather than refuse a stored document
  const input = {
    type: row.type as DocumentType,
    number: row.number,
    month: row.month,
    issuedOn: row.issuedOn,
    content: row.content,
    parties: row.parties,
    reason: row.reason,
    createdAt: row.createdAt,
    partnerNumber,
    original,
  };
  // an invoice and an invoice's cancellation: a ZUGFeRD / Factur-X PDF/A-3 with its CII XML
  // (docs/decisions/0075-e-invoices.md); a sales statement and its cancellation: a plain PDF
  const einvoice = hasEInvoice(input.type, original)
    ? {
        xml: renderEInvoiceXml(input),
        filename: FACTUR_X_FILENAME,
        conformance: FACTUR_X_CONFORMANCE,
      }
    : null;
  return renderInQueue(() => renderDocumentPdf(input, einvoice));
}

/** Runs a document's render in the PDF queue; when the queue is full, tries again shortly. */
async function renderInQueue(render: () => Promise<Buffer>): Promise<Buffer> {
  for (;;) {
    try {
      return await pdfQueue.run(render);
    } catch (error) {
      if (!(error instanceof QueueFullError)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** Renders the document's PDF and stores it unless one is there; answers the stored bytes. */
async function renderAndStore(db: Executor, row: DocumentRow): Promise<Stored> {
  const pdf = await pdfOf(db, row);
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const [stored] = await db
    .update(documents)
    .set({ pdf, sha256 })
    .where(and(eq(documents.id, row.id), isNull(documents.pdf)))
    .returning({ pdf: documents.pdf });
  if (stored?.pdf) return { pdf: stored.pdf, rendered: true };
  return { pdf: (await storedPdf(db, row.id))!, rendered: false };
}

async function storedPdf(db: Executor, id: string): Promise<Buffer | null> {
  const [row] = await db.select({ pdf: documents.pdf }).from(documents).where(eq(documents.id, id));
  return row?.pdf ?? null;
}

interface Stored {
  pdf: Buffer;
  /** Rendered by this call (not found stored). */
  rendered: boolean;
}

/** How long an instance may take for one document's PDF before another may render it. */
const PDF_LEASE_MS = 2 * 60_000;

/**
 * Renders and stores the PDF of a document without one; answers the stored bytes (null: another
 * instance renders it and `wait` is false). Several instances on one PostgreSQL: the one that
 * claims the document's lease (lib/leases.ts) renders it, the others wait for its PDF (or, with
 * `wait` false, leave it to that one), so each PDF is rendered once. The embedded database has
 * one instance: it renders at once.
 */
async function storePdf(db: Executor, row: DocumentRow, wait = true): Promise<Stored | null> {
  if (row.pdf) return { pdf: row.pdf, rendered: false };
  if (!isSharedDatabase(db)) return renderAndStore(db, row);
  const lease = `pdf:${row.id}`;
  for (;;) {
    if (await claimLease(db, lease, PDF_LEASE_MS)) {
      try {
        // stored by another instance in the meantime: nothing to render
        const pdf = await storedPdf(db, row.id);
        return pdf ? { pdf, rendered: false } : await renderAndStore(db, row);
      } finally {
        await releaseLease(db, lease).catch(() => {});
      }
    }
    if (!wait) return null;
    // another instance renders it: its PDF is there soon (or its lease runs out)
    await new Promise((resolve) => setTimeout(resolve, 200));
    const pdf = await storedPdf(db, row.id);
    if (pdf) return { pdf, rendered: false };
  }
}

/**
 * Renders and stores the PDF of every document without one (after a commit, on start); answers
 * how many this call rendered. On a shared PostgreSQL a document another instance is rendering is
 * left to it.
 */
export async function renderMissingPdfs(
  db: Executor,
  log?: { info: (details: object, message: string) => void },
  /** The server's background run: a turn for the requests before each document. */
  background = false,
): Promise<number> {
  const missing = await db
    .select({ id: documents.id })
    .from(documents)
    .where(isNull(documents.pdf))
    .orderBy(asc(documents.createdAt), asc(documents.number));
  let rendered = 0;
  for (const { id } of missing) {
    // a turn for the requests between two documents: rendering and the embedded database's
    // queries run on this thread, and a finalize's answer (compressed in a stream) woke this
    // loop; without the turn it finished only after the month's PDFs (docs/decisions/0061)
    if (background) await new Promise((resolve) => setImmediate(resolve));
    const [row] = await db.select().from(documents).where(eq(documents.id, id));
    if (!row) continue;
    const stored = await storePdf(db, row, false);
    if (stored?.rendered) {
      rendered += 1;
      log?.info({ documentId: row.id, number: row.number }, 'document PDF rendered');
    }
  }
  return rendered;
}

/**
 * Each document of `month` without a PDF takes the stored PDF (and its SHA-256) of the same
 * producer's document of the same type of `fromMonth`, in one UPDATE: the bench's years of
 * documents carry real bytes of a real size without rendering each (bench/tenyear-data.ts; the
 * PDF is then not the document's own, never for a shop's data). Answers how many took one.
 */
export async function copyPdfsFromMonth(
  db: Executor,
  month: string,
  fromMonth: string,
): Promise<number> {
  const first = alias(documents, 'first');
  const copied = await db
    .update(documents)
    .set({ pdf: sql`${first.pdf}`, sha256: sql`${first.sha256}` })
    .from(first)
    .where(
      and(
        eq(documents.month, month),
        isNull(documents.pdf),
        eq(first.month, fromMonth),
        eq(first.vendorId, documents.vendorId),
        eq(first.type, documents.type),
      ),
    )
    .returning({ id: documents.id });
  return copied.length;
}

/** The PDF of a document (rendered now if it is not stored yet); another producer's → 404. */
export async function documentPdf(
  db: Executor,
  id: string,
  vendorId?: string,
): Promise<{ number: string; pdf: Buffer }> {
  const row = await findDocument(db, id, vendorId);
  return { number: row.number, pdf: (await storePdf(db, row))!.pdf };
}

/** The outbox's resolver of `{ kind: 'document', id }`: the stored PDF. */
export function documentAttachmentResolver(db: Executor) {
  return async (id: string): Promise<ResolvedAttachment> => {
    const { number, pdf } = await documentPdf(db, id);
    return { filename: `${number}.pdf`, contentType: 'application/pdf', content: pdf };
  };
}

/**
 * The e-invoice of an invoice or an invoice's cancellation: the CII XML embedded in its stored
 * PDF, byte for byte (the XML is part of the immutable document). Another producer's document,
 * a sales statement, its cancellation or a document issued before e-invoices → 404.
 */
export async function documentXml(
  db: Executor,
  id: string,
  vendorId?: string,
): Promise<{ number: string; xml: Buffer }> {
  const { number, pdf } = await documentPdf(db, id, vendorId);
  const xml = embeddedFile(pdf, FACTUR_X_FILENAME);
  if (!xml) throw new NotFoundError(`Zum Beleg ${number} gibt es keine E-Rechnung`);
  return { number, xml };
}
