// The documents as the shop's books read them (issue 30, docs/decisions/0041): every
// invoice, statement and cancellation of a period, with the figures they were issued with, for
// the DATEV file (the revenue, the offsets, the refunds) and the documents CSV.
import type { Settlement } from '@housnkuh/shared/settlement';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { producerName } from './queries.service';
import { documents } from './schema';

export interface BookedDocument {
  type: 'rechnung' | 'verkaufsabrechnung' | 'storno';
  number: string;
  issuedOn: string;
  /** the settled month, 'YYYY-MM' (a storno: the original's) */
  month: string;
  vendorId: string;
  vendorName: string;
  /** the figures as issued (a storno: the original's, negated) */
  content: Settlement;
  /** a statement: its invoice; a storno: the cancelled document */
  refersTo: {
    type: 'rechnung' | 'verkaufsabrechnung' | 'storno';
    number: string;
    content: Settlement;
  } | null;
}

const referred = alias(documents, 'referred');

/**
 * Every document issued from `from` to `to` (by issue day), or, with `by: 'service'`, of the
 * settled months from `from`'s month to `to`'s month (a storno: the month it cancels), by issue
 * day and number.
 */
export async function documentsForBooks(
  db: Executor,
  period: { from: string; to: string; by: 'issue' | 'service' },
): Promise<BookedDocument[]> {
  const where =
    period.by === 'issue'
      ? and(gte(documents.issuedOn, period.from), lte(documents.issuedOn, period.to))
      : and(
          gte(documents.month, period.from.slice(0, 7)),
          lte(documents.month, period.to.slice(0, 7)),
        );
  const rows = await db
    .select({
      type: documents.type,
      number: documents.number,
      issuedOn: documents.issuedOn,
      month: documents.month,
      vendorId: documents.vendorId,
      content: documents.content,
      parties: documents.parties,
      refersToType: referred.type,
      refersToNumber: referred.number,
      refersToContent: referred.content,
    })
    .from(documents)
    .leftJoin(referred, eq(referred.id, documents.refersToId))
    .where(where)
    .orderBy(asc(documents.issuedOn), asc(documents.number));
  return rows.map((row) => ({
    type: row.type as BookedDocument['type'],
    number: row.number,
    issuedOn: row.issuedOn,
    month: row.month,
    vendorId: row.vendorId,
    vendorName: producerName(row.parties.producer),
    content: row.content,
    refersTo:
      row.refersToNumber === null || row.refersToContent === null
        ? null
        : {
            type: row.refersToType as BookedDocument['type'],
            number: row.refersToNumber,
            content: row.refersToContent,
          },
  }));
}
