// The documents' part of a producer's deletion with retention (docs/decisions/0092).
import { and, count, eq, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { documents } from './schema';

/** How many documents the producer has, and the day the latest was issued (null: none). */
export async function documentsSpanOf(
  db: Executor,
  vendorId: string,
): Promise<{ count: number; lastIssuedOn: string | null }> {
  const [row] = await db
    .select({ n: count(), last: max(documents.issuedOn) })
    .from(documents)
    .where(eq(documents.vendorId, vendorId));
  return { count: row?.n ?? 0, lastIssuedOn: row?.last ?? null };
}

/** The producer of a document (undefined: no such document). */
export async function documentVendorId(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ vendorId: documents.vendorId })
    .from(documents)
    .where(eq(documents.id, id));
  return row?.vendorId;
}

/**
 * After the retention: the producer's documents, the ones others refer to last (a cancellation
 * before what it cancels). Only inside a removal (the guard of migration 0043).
 */
export async function removeDocumentsOf(tx: Executor, vendorId: string): Promise<number> {
  let removed = 0;
  for (;;) {
    const deleted = await tx
      .delete(documents)
      .where(
        and(
          eq(documents.vendorId, vendorId),
          sql`not exists (select 1 from documents d where d.refers_to_id = ${documents.id})`,
        ),
      )
      .returning({ id: documents.id });
    if (deleted.length === 0) return removed;
    removed += deleted.length;
  }
}
