// The directory's part of a producer's deletion (docs/decisions/0092).
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deleteWhere } from '../../db/delete-where';
import { vendorTags } from './schema';

/** The producer's categories (the tags themselves are the shop's and stay). */
export async function removeVendorTags(tx: Executor, vendorId: string): Promise<number> {
  return deleteWhere(tx, vendorTags, eq(vendorTags.vendorId, vendorId));
}
