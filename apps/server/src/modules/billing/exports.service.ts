import { clock } from '@housnkuh/shared/clock';
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { transaction } from '../../db/transaction';
import { EXPORT_MESSAGES } from '@housnkuh/shared/schemas/billing';
import { ConflictError } from '../../lib/domain-errors';
import { documentsForBooks } from '../documents/public';
import { getBillingSettings } from './billing.service';
import { datevBuchungsstapel, documentLinesCsv } from './exports';
import { datevDebitors } from './schema';

/** Key of the lock that hands out debitor accounts (pg_advisory_xact_lock). */
const DEBITOR_LOCK = 260_035;

/**
 * The debitor account of each producer: the one it has, else the next free one
 * from the start number (the producers in the order of their first line), kept
 * for good in the same transaction.
 */
export async function debitorAccounts(
  db: Executor,
  vendorIds: readonly string[],
  start: number,
): Promise<Record<string, number>> {
  const wanted = [...new Set(vendorIds)];
  if (wanted.length === 0) return {};
  return transaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEBITOR_LOCK}::int)`);
    const known = await tx
      .select()
      .from(datevDebitors)
      .where(inArray(datevDebitors.vendorId, wanted));
    const accounts: Record<string, number> = {};
    for (const row of known) accounts[row.vendorId] = row.account;
    const missing = wanted.filter((id) => accounts[id] === undefined);
    if (missing.length > 0) {
      const [max] = await tx
        .select({ account: sql<number | null>`max(${datevDebitors.account})` })
        .from(datevDebitors);
      let next = Math.max(start, (max?.account ?? start - 1) + 1);
      const rows = missing.map((vendorId) => ({ vendorId, account: next++ }));
      await tx.insert(datevDebitors).values(rows);
      for (const row of rows) accounts[row.vendorId] = row.account;
    }
    return accounts;
  });
}

/**
 * GET /api/admin/exports/documents.csv: every invoice and cancellation line of the period, by
 * the settled month (`service`, the default) or by issue day (`issue`).
 */
export async function documentsCsvExport(
  db: Executor,
  from: string,
  to: string,
  by: 'service' | 'issue',
): Promise<string> {
  return documentLinesCsv(await documentsForBooks(db, { from, to, by }));
}

/**
 * GET /api/admin/exports/datev: the Buchungsstapel of the documents issued in the period (one
 * fiscal year: the query schema checks it): invoices, statements (offsets, refunds) and their
 * cancellations. Needs the consultant's and client's numbers.
 */
export async function datevExport(db: Executor, from: string, to: string): Promise<Buffer> {
  const settings = await getBillingSettings(db);
  if (settings.datev.beraternummer === null || settings.datev.mandantennummer === null) {
    throw new ConflictError(EXPORT_MESSAGES.datevNumbers);
  }
  const docs = await documentsForBooks(db, { from, to, by: 'issue' });
  const debitors = await debitorAccounts(
    db,
    docs.map((doc) => doc.vendorId),
    settings.datev.debitorenkontoStart,
  );
  return datevBuchungsstapel({
    settings,
    from,
    to,
    documents: docs,
    debitors,
    createdAt: clock.now(),
  });
}
