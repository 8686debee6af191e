// The billing module's part of removing a producer (docs/decisions/0092).
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deleteWhere } from '../../db/delete-where';
import { datevDebitors } from './schema';

/** The producer's DATEV debitor account, once nothing is retained that names it. */
export async function removeDatevDebitor(tx: Executor, vendorId: string): Promise<number> {
  return deleteWhere(tx, datevDebitors, eq(datevDebitors.vendorId, vendorId));
}
