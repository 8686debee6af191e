// Rendering the stored documents' PDFs after the numbering transaction (docs/decisions/0034):
// each PDF is stored once with its SHA-256, the one change the database allows.
import { createHash } from 'node:crypto';
import type { DocumentParties, DocumentType } from '@housnkuh/shared/schemas/documents';
import type { Settlement } from '@housnkuh/shared/settlement';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pdfQueue, QueueFullError } from '../../lib/pdf-queue';
import type { ResolvedAttachment } from '../mail/public';
import { renderDocumentPdf } from './pdf';
import { findDocument } from './queries.service';
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
  return renderInQueue(() =>
    renderDocumentPdf({
      type: row.type as DocumentType,
      number: row.number,
      month: row.month,
      issuedOn: row.issuedOn,
      content: row.content as Settlement,
      parties: row.parties as DocumentParties,
      reason: row.reason,
      createdAt: row.createdAt,
      partnerNumber,
      original,
    }),
  );
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

/**
 * Renders and stores the PDF of a document without one; answers the stored bytes. Two
 * instances at once: the second's update finds the PDF there and changes nothing; both answer
 * the stored one.
 */
async function storePdf(db: Executor, row: DocumentRow): Promise<Buffer> {
  if (row.pdf) return row.pdf;
  const pdf = await pdfOf(db, row);
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const [stored] = await db
    .update(documents)
    .set({ pdf, sha256 })
    .where(and(eq(documents.id, row.id), isNull(documents.pdf)))
    .returning({ pdf: documents.pdf });
  if (stored?.pdf) return stored.pdf;
  const [again] = await db
    .select({ pdf: documents.pdf })
    .from(documents)
    .where(eq(documents.id, row.id));
  return again!.pdf!;
}

/** Renders and stores the PDF of every document without one (after a commit, on start). */
export async function renderMissingPdfs(db: Executor): Promise<number> {
  const missing = await db
    .select({ id: documents.id })
    .from(documents)
    .where(isNull(documents.pdf))
    .orderBy(asc(documents.createdAt), asc(documents.number));
  for (const { id } of missing) {
    const [row] = await db.select().from(documents).where(eq(documents.id, id));
    if (row) await storePdf(db, row);
  }
  return missing.length;
}

/** The PDF of a document (rendered now if it is not stored yet); another producer's → 404. */
export async function documentPdf(
  db: Executor,
  id: string,
  vendorId?: string,
): Promise<{ number: string; pdf: Buffer }> {
  const row = await findDocument(db, id, vendorId);
  return { number: row.number, pdf: await storePdf(db, row) };
}

/** The outbox's resolver of `{ kind: 'document', id }`: the stored PDF. */
export function documentAttachmentResolver(db: Executor) {
  return async (id: string): Promise<ResolvedAttachment> => {
    const { number, pdf } = await documentPdf(db, id);
    return { filename: `${number}.pdf`, contentType: 'application/pdf', content: pdf };
  };
}
