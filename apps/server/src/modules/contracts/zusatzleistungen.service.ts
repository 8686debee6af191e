import { isoDayInBerlin } from '@housnkuh/shared/format';
import {
  GOODS_IN_MESSAGES,
  type AdminContract,
  type GoodsIn,
  type goodsInInputSchema,
} from '@housnkuh/shared/schemas/admin-rental';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { goodsIn } from './schema';
import { ConflictError, InvalidError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { findVendor, vendorNames } from '../vendors/public';
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

/** The goods-in log, newest first (at most 200 entries). */
export async function goodsInLog(db: Executor): Promise<GoodsIn[]> {
  const rows = await db
    .select({ entry: goodsIn, name: vendorNames.name, unternehmen: vendorNames.unternehmen })
    .from(goodsIn)
    .innerJoin(vendorNames, eq(vendorNames.id, goodsIn.vendorId))
    .orderBy(desc(goodsIn.day), desc(goodsIn.createdAt))
    .limit(200);
  return rows.map((row) => goodsInAnswer(row.entry, row.unternehmen || row.name));
}

/** Records goods taken into storage for a producer with Lagerservice (today or planned). */
export async function addGoodsIn(
  db: Executor,
  actor: Actor,
  openingDate: string | null,
  input: z.output<typeof goodsInInputSchema>,
): Promise<GoodsIn> {
  const vendor = await findVendor(db, input.vendorId);
  if (!vendor) {
    throw new InvalidError(GOODS_IN_MESSAGES.vendor, [
      { field: 'vendorId', message: GOODS_IN_MESSAGES.vendor },
    ]);
  }
  const contracts = await contractAnswers(db, [vendor.id], openingDate);
  const storing = contracts.some(
    (contract) =>
      contract.phase !== 'ended' &&
      (contract.zusatzleistungen.lagerservice ||
        contract.nextChange?.zusatzleistungen.lagerservice),
  );
  if (!storing) throw new ConflictError(GOODS_IN_MESSAGES.noStorage);
  if (input.day > isoDayInBerlin()) {
    throw new InvalidError('Ein Wareneingang liegt heute oder früher.', [
      { field: 'day', message: 'Ein Wareneingang liegt heute oder früher.' },
    ]);
  }
  const [row] = await db
    .insert(goodsIn)
    .values({
      vendorId: vendor.id,
      day: input.day,
      what: input.what,
      quantity: input.quantity,
      storedAt: input.storedAt ?? null,
      actorName: actor.name,
    })
    .returning();
  await recordAudit(db, actor, {
    action: 'goods-in.add',
    entity: 'vendor',
    entityId: vendor.id,
    summary: `Wareneingang für ${vendor.unternehmen || vendor.name}: ${input.quantity} ${input.what}`,
    before: null,
    after: input,
  });
  return goodsInAnswer(row!, vendor.unternehmen || vendor.name);
}
