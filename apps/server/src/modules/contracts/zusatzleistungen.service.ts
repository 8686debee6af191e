import { type AdminContract, type GoodsIn } from '@housnkuh/shared/schemas/admin-rental';
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { goodsIn } from './schema';
import { vendorNames } from '../vendors/public';
import { contractAnswers } from './contracts.service';
import { withVendors } from './vertraege.service';

/**
 * The contracts the extra services concern: premium contracts that still run
 * (only they can have them) and any contract with a service today or planned.
 */
export async function serviceContracts(
  db: Executor,
  openingDate: string | null,
): Promise<AdminContract[]> {
  const answers = await contractAnswers(db, null, openingDate);
  const relevant = answers.filter((contract) => {
    if (contract.phase === 'ended') return false;
    const services = [contract.zusatzleistungen, contract.nextChange?.zusatzleistungen];
    return (
      contract.provisionType === 'premium' ||
      contract.nextChange?.provisionType === 'premium' ||
      services.some((s) => s?.lagerservice || s?.versandservice)
    );
  });
  return withVendors(db, relevant);
}

function goodsInAnswer(row: typeof goodsIn.$inferSelect, vendorName: string): GoodsIn {
  return {
    id: row.id,
    vendorId: row.vendorId,
    vendorName,
    day: row.day,
    what: row.what,
    quantity: row.quantity,
    storedAt: row.storedAt,
    actorName: row.actorName,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The goods-in log from before the inventory, newest first (at most 200 entries). No new rows
 * are written: a goods-in is a store-room delivery now (docs/decisions/0066).
 */
export async function goodsInLog(db: Executor): Promise<GoodsIn[]> {
  const rows = await db
    .select({ entry: goodsIn, name: vendorNames.name, unternehmen: vendorNames.unternehmen })
    .from(goodsIn)
    .innerJoin(vendorNames, eq(vendorNames.id, goodsIn.vendorId))
    .orderBy(desc(goodsIn.day), desc(goodsIn.createdAt))
    .limit(200);
  return rows.map((row) => goodsInAnswer(row.entry, row.unternehmen || row.name));
}
