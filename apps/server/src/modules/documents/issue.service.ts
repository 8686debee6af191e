// Issuing documents (docs/decisions/0034): numbers from the gapless series in the caller's
// transaction, rows without a PDF (rendered after the commit, render.service.ts), the mail with
// both documents attached by reference. A correction is a cancellation, never a change.
import {
  DOCUMENT_MESSAGES,
  documentNumber,
  type DocumentParties,
  type DocumentType,
  type IssuedDocument,
} from '@housnkuh/shared/schemas/documents';
import { addDays } from '@housnkuh/shared/format';
import type { Settlement } from '@housnkuh/shared/settlement';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import type { Database, Executor } from '../../db/client';
import { wakeAfterCommit } from '../../db/transaction';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import { nextNumber, nextNumbers } from '../../lib/number-series';
import { SettingsService } from '../content/public';
import { enqueueMail } from '../mail/public';
import { productUnits } from '../products/public';
import { productIdsOfSalesLines } from '../sales/public';
import { documentsCancelledMail, settlementDocumentsMail } from './mails';
import { documents } from './schema';
import { allSales, withUnits } from './statement-lines';

export interface SettlementDocumentRequest {
  vendorId: string;
  month: string;
  settlement: Settlement;
  parties: DocumentParties;
}

export type { IssuedDocument };

/** The attachment kind of a stored document in the outbox (resolved by attachments.ts). */
export const DOCUMENT_ATTACHMENT = 'document';

/** The first of `count` numbers of a document type's series in a year (taken together). */
async function takeNumbers(
  tx: Executor,
  type: DocumentType,
  year: number,
  count: number,
): Promise<number> {
  return nextNumbers(tx, documentNumber(type, year, 0).slice(0, 2), year, count);
}

async function takeNumber(tx: Executor, type: DocumentType, year: number): Promise<string> {
  const series = documentNumber(type, year, 0).slice(0, 2);
  return documentNumber(type, year, await nextNumber(tx, series, year));
}

/**
 * The selling unit of each receipt line ('kg', 'Glas' …), from its product as it is when the
 * documents are issued (the line itself carries none); stored with the line in the content.
 */
async function unitsOfLines(
  tx: Executor,
  requests: readonly SettlementDocumentRequest[],
): Promise<Map<string, string>> {
  const productOfLine = await productIdsOfSalesLines(
    tx,
    requests.flatMap((request) => allSales(request.settlement).map((line) => line.id)),
  );
  const unitOfProduct = await productUnits(tx, [...productOfLine.values()]);
  const units = new Map<string, string>();
  for (const [line, product] of productOfLine) {
    const unit = unitOfProduct.get(product);
    if (unit) units.set(line, unit);
  }
  return units;
}

/**
 * Issues, in the caller's transaction, each producer's invoice (when it has lines) and sales
 * statement with their numbers (series RE and VA by the issue day's year) and enqueues the
 * mail with both attached. All invoice numbers are taken before the statements' numbers, so
 * two parallel calls lock the counters in the same order and never deadlock. The PDFs are
 * rendered after the commit (renderMissingPdfs).
 */
export async function insertSettlementDocuments(
  tx: Executor,
  requests: readonly SettlementDocumentRequest[],
  issuedOn: string,
  /** The site settings the caller read for this request (finalize does); else read here. */
  settings?: SiteSettings,
): Promise<IssuedDocument[]> {
  const year = Number(issuedOn.slice(0, 4));
  // the numbers in the requests' order, each series' block taken in one statement
  const invoiceNumbers = new Map<number, string>();
  const withInvoice = [...requests.keys()].filter(
    (i) => requests[i]!.settlement.invoice.lines.length > 0,
  );
  const firstInvoice = await takeNumbers(tx, 'rechnung', year, withInvoice.length);
  withInvoice.forEach((i, k) =>
    invoiceNumbers.set(i, documentNumber('rechnung', year, firstInvoice + k)),
  );
  const firstStatement = await takeNumbers(tx, 'verkaufsabrechnung', year, requests.length);
  const statementNumbers = requests.map((_, k) =>
    documentNumber('verkaufsabrechnung', year, firstStatement + k),
  );

  const siteSettings =
    requests.length > 0
      ? (settings ?? (await new SettingsService(tx as Database).reload()))
      : undefined;
  const units = await unitsOfLines(tx, requests);
  const issued: IssuedDocument[] = [];
  for (const [i, request] of requests.entries()) {
    const base = {
      year,
      month: request.month,
      vendorId: request.vendorId,
      issuedOn,
      content: withUnits(request.settlement, units),
      parties: request.parties,
    };
    const invoiceNumber = invoiceNumbers.get(i) ?? null;
    let invoiceId: string | null = null;
    if (invoiceNumber) {
      const [invoice] = await tx
        .insert(documents)
        .values({
          ...base,
          type: 'rechnung',
          number: invoiceNumber,
          totalGrossCents: request.settlement.invoice.grossCents,
        })
        .returning({ id: documents.id });
      invoiceId = invoice!.id;
      issued.push({
        id: invoiceId,
        type: 'rechnung',
        number: invoiceNumber,
        vendorId: request.vendorId,
      });
    }
    const statementNumber = statementNumbers[i]!;
    const [statement] = await tx
      .insert(documents)
      .values({
        ...base,
        type: 'verkaufsabrechnung',
        number: statementNumber,
        refersToId: invoiceId,
        totalGrossCents: request.settlement.payoutCents,
        // the same content as the invoice's: copied by the database, not sent and parsed again
        ...(invoiceId
          ? {
              content: sql`(select ${documents.content} from ${documents} where ${documents.id} = ${invoiceId})`,
            }
          : {}),
      })
      .returning({ id: documents.id });
    issued.push({
      id: statement!.id,
      type: 'verkaufsabrechnung',
      number: statementNumber,
      vendorId: request.vendorId,
    });

    const producer = request.parties.producer;
    await enqueueMail(tx, {
      to: producer.email,
      kind: 'settlement-documents',
      attachments: [
        ...(invoiceId ? [{ kind: DOCUMENT_ATTACHMENT, id: invoiceId }] : []),
        { kind: DOCUMENT_ATTACHMENT, id: statement!.id },
      ],
      ...settlementDocumentsMail(siteSettings!, {
        name: producer.name,
        month: request.month,
        invoiceNumber,
        statementNumber,
        payoutCents: request.settlement.payoutCents,
        dueOn:
          typeof request.parties.shop.zahlungszielTage === 'number'
            ? addDays(issuedOn, request.parties.shop.zahlungszielTage)
            : null,
        shopAccount: request.parties.shop,
      }),
    });
  }
  // the PDFs are rendered once this is committed, outside the lock on the counters
  if (issued.length > 0) wakeAfterCommit(tx, 'documents');
  return issued;
}

/** Keys whose value is an amount (negated in a cancellation); prices and rates stay. */
const KEPT = new Set(['unitPriceGrossCents', 'monthlyPriceCents']);

/**
 * The original's figures negated, copied, not recomputed: every amount in cents (…Cents but
 * unit and monthly prices) and the quantities, so that quantity × price = amount still holds.
 */
export function negated<T>(value: T): T {
  // the same shape, only amounts' signs changed: what TypeScript cannot follow through the entries
  return negatedValue(value) as T;
}

function negatedValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(negatedValue);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        typeof inner === 'number' &&
        ((key.endsWith('Cents') && !KEPT.has(key)) || key === 'quantityThousandths')
          ? inner === 0
            ? 0
            : -inner
          : negatedValue(inner),
      ]),
    );
  return value;
}

/**
 * Cancels a document (ST-JJJJ-NNNNN by the issue day's year), in the caller's transaction: the
 * storno refers to the original and shows its figures negated. A storno itself and a document
 * cancelled already are refused (ConflictError). Another module reopens what it settled.
 */
export async function insertCancellation(
  tx: Executor,
  documentId: string,
  reason: string,
  issuedOn: string,
): Promise<{
  id: string;
  number: string;
  refersToId: string;
  vendorId: string;
  type: DocumentType;
}> {
  const [original] = await tx
    .select()
    .from(documents)
    .where(eq(documents.id, documentId))
    .for('update');
  if (!original) throw new NotFoundError('Beleg nicht gefunden');
  if (original.type === 'storno') throw new ConflictError(DOCUMENT_MESSAGES.cancelOfStorno);
  const [earlier] = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.refersToId, documentId), eq(documents.type, 'storno')));
  if (earlier) throw new ConflictError(DOCUMENT_MESSAGES.alreadyCancelled(original.number));

  const year = Number(issuedOn.slice(0, 4));
  const number = await takeNumber(tx, 'storno', year);
  const [row] = await tx
    .insert(documents)
    .values({
      type: 'storno',
      number,
      year,
      month: original.month,
      vendorId: original.vendorId,
      issuedOn,
      totalGrossCents: original.totalGrossCents === 0 ? 0 : -original.totalGrossCents,
      refersToId: original.id,
      reason,
      content: negated(original.content),
      parties: original.parties,
    })
    .returning({ id: documents.id });
  wakeAfterCommit(tx, 'documents');
  return {
    id: row!.id,
    number,
    refersToId: original.id,
    vendorId: original.vendorId,
    type: 'storno',
  };
}

/**
 * Mails the producer its cancellation documents (attached by reference), in the caller's
 * transaction: one mail for the stornos of one cancellation (e.g. invoice and statement).
 */
export async function enqueueCancellationMail(
  tx: Executor,
  stornoIds: readonly string[],
  reason: string,
): Promise<void> {
  if (stornoIds.length === 0) return;
  const stornos = await tx
    .select()
    .from(documents)
    .where(inArray(documents.id, [...stornoIds]));
  const originals = await tx
    .select({ id: documents.id, type: documents.type, number: documents.number })
    .from(documents)
    .where(
      inArray(
        documents.id,
        stornos.map((storno) => storno.refersToId!),
      ),
    );
  const first = stornos[0]!;
  const producer = first.parties.producer;
  const settings = await new SettingsService(tx as Database).reload();
  await enqueueMail(tx, {
    to: producer.email,
    kind: 'documents-cancelled',
    attachments: stornoIds.map((id) => ({ kind: DOCUMENT_ATTACHMENT, id })),
    ...documentsCancelledMail(settings, {
      name: producer.name,
      month: first.month,
      reason,
      cancelled: stornoIds.map((id) => {
        const storno = stornos.find((row) => row.id === id)!;
        const original = originals.find((row) => row.id === storno.refersToId)!;
        return {
          type: original.type as 'rechnung' | 'verkaufsabrechnung',
          number: original.number,
          stornoNumber: storno.number,
        };
      }),
    }),
  });
}
