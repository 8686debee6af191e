// The theft refund's lines of a month (docs/product/inventory.md, AGB § 8
// Abs. 3; docs/decisions/0059-inventory-and-theft-refund.md): gathered with the manual lines of
// the refund kind (a payment that is no supply: statement only, no VAT). Kept apart from the
// drafts' code so that it merges with changes there.
//
// Never twice: what was settled for a count line is in the final items' figures (the refund
// lines' ids name the line); a month gets each count line of its own counts at its refund now,
// and each of an earlier month's counts whose refund changed since it was settled (a sale dated
// before the count that came after it, or a correction of the count: docs/decisions/0068) with
// the difference, positive or negative.
import { formatDate, formatEuro, isoDayInBerlin } from '@housnkuh/shared/format';
import { formatQuantity } from '@housnkuh/shared/quantity';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { countFiguresBetween, type CountLineFigures } from '../products/public';
import { settlementItems } from './schema';
import { monthEndInstant } from './month';

export const THEFT_REFUND_PREFIX = 'inventory:';

/**
 * A Premium producer's shrinkage the owner marked as caused by the producer refunds nothing
 * (AGB § 8 Abs. 3); the statement names it with the reason: a line of the refund kind without
 * an amount (0 cents: no payment, no booking), once: in the month of the count, or, marked
 * later by a correction, in the first month settled after it.
 */
function causedTextOf(line: CountLineFigures): string {
  const where = line.place === 'storeroom' ? ' (Lager)' : '';
  return `Fehlbestand ohne Erstattung, vom Direktvermarkter verursacht (${line.causedByProducer}): ${line.productName}, ${formatQuantity(line.shrinkageThousandths, line.unit)}, Inventur vom ${formatDate(line.countedAt)}${where}`;
}

/** A refund line in the shape the drafts gather the manual lines in. */
export interface TheftRefundRow {
  id: string;
  vendorId: string;
  kind: 'refund';
  text: string;
  grossCents: number;
  vatRateBp: null;
}

function textOf(line: CountLineFigures, correction: boolean): string {
  const where = line.place === 'storeroom' ? ' (Lager)' : '';
  if (line.supersededBy)
    // the count was corrected: what it refunded is taken back; the correction's own line says
    // what is refunded now
    return `Korrektur der Erstattung Fehlbestand (AGB § 8 Abs. 3): ${line.productName}, Inventur vom ${formatDate(line.countedAt)}${where} korrigiert am ${formatDate(line.supersededBy.at)} (${line.supersededBy.reason})`;
  const what = `${line.productName}, ${formatQuantity(line.refundableThousandths, line.unit)} zu ${formatEuro(line.priceCents)}`;
  return `${correction ? 'Korrektur der Erstattung' : 'Erstattung'} Fehlbestand (AGB § 8 Abs. 3): ${what}, Inventur vom ${formatDate(line.countedAt)}${where}`;
}

/**
 * The theft refund lines of `month` per producer: count lines from `from` (the first settled
 * month's start; null: all) up to the month's end, less what final items settled for them.
 * A count line of an earlier month whose producer still has a draft there stays with that draft.
 */
export async function theftRefundLines(
  tx: Executor,
  month: string,
  from: Date | null,
): Promise<TheftRefundRow[]> {
  const lines = await countFiguresBetween(tx, from, monthEndInstant(month));
  if (lines.length === 0) return [];
  const settled = await tx.execute<{ id: string; cents: number | string }>(sql`
    select r->>'id' as id, (r->>'grossCents')::integer as cents
    from ${settlementItems} si, jsonb_array_elements(si.figures->'refunds') r
    where si.status = 'final' and si.month < ${month}
      and si.vendor_id = any(${sql.param([...new Set(lines.map((line) => line.vendorId))])}::uuid[])
      and r->>'id' like ${`${THEFT_REFUND_PREFIX}%`}`);
  const settledOf = new Map<string, number>();
  for (const row of (settled as unknown as { rows: { id: string; cents: number | string }[] })
    .rows) {
    const lineId = row.id.slice(THEFT_REFUND_PREFIX.length).split(':')[0]!;
    settledOf.set(lineId, (settledOf.get(lineId) ?? 0) + Number(row.cents));
  }
  const drafts = await tx
    .select({ vendorId: settlementItems.vendorId, month: settlementItems.month })
    .from(settlementItems)
    .where(and(eq(settlementItems.status, 'draft'), lt(settlementItems.month, month)));
  const draftIn = new Set(drafts.map((d) => `${d.vendorId}:${d.month}`));

  const rows: TheftRefundRow[] = [];
  for (const line of lines) {
    const countMonth = isoDayInBerlin(line.countedAt).slice(0, 7);
    if (countMonth < month && draftIn.has(`${line.vendorId}:${countMonth}`)) continue;
    const before = settledOf.get(line.id) ?? 0;
    const cents = line.refundCents - before;
    if (cents === 0) {
      // named once: not if a final statement before this month already has the line
      if (
        line.causedByProducer &&
        line.premium &&
        line.shrinkageThousandths > 0 &&
        !line.supersededBy &&
        !settledOf.has(line.id)
      )
        rows.push({
          id: `${THEFT_REFUND_PREFIX}${line.id}:${month}`,
          vendorId: line.vendorId,
          kind: 'refund',
          text: causedTextOf(line),
          grossCents: 0,
          vatRateBp: null,
        });
      continue;
    }
    rows.push({
      id: `${THEFT_REFUND_PREFIX}${line.id}:${month}`,
      vendorId: line.vendorId,
      kind: 'refund',
      text: textOf(line, before !== 0 || countMonth < month),
      grossCents: cents,
      vatRateBp: null,
    });
  }
  return rows;
}
