// Whether a producer has the storage service (Lagerservice) on a day: the store room is for the
// goods of those who booked it (AGB; docs/decisions/0080).
import { and, eq, gte, isNull, lte, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isStorniert } from './rental-terms';
import { contracts } from './schema';
import { versionOn, versionsOf } from './versions.service';

/**
 * True when a contract of the producer that is not cancelled runs on `day` and its version in
 * force that day is the Premium model with the storage service (only Premium can have it).
 */
export async function hasStorageService(
  db: Executor,
  vendorId: string,
  day: string,
): Promise<boolean> {
  const running = (
    await db
      .select()
      .from(contracts)
      .where(
        and(
          eq(contracts.vendorId, vendorId),
          ne(contracts.status, 'cancelled'),
          lte(contracts.startDate, day),
          or(isNull(contracts.endDate), gte(contracts.endDate, day)),
        ),
      )
  ).filter((row) => !isStorniert(row));
  if (running.length === 0) return false;
  const versions = await versionsOf(
    db,
    running.map((row) => row.id),
  );
  return running.some((row) => {
    const version = versionOn(versions.get(row.id) ?? [], day);
    return version?.provisionType === 'premium' && version.zusatzleistungen.lagerservice === true;
  });
}
