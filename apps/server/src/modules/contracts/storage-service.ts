// Whether a producer has the storage service (Lagerservice) on a day: the store room is for the
// goods of those who booked it (AGB; docs/decisions/0080).
import { and, gte, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isStorniert } from './rental-terms';
import { contracts } from './schema';
import { versionOn, versionsOf } from './versions.service';

/**
 * The producers among `vendorIds` with the storage service on `day`: a contract of theirs that
 * is not cancelled runs that day and its version in force then is the Premium model with the
 * storage service (only Premium can have it). Two queries for any number of producers.
 */
export async function vendorsWithStorageService(
  db: Executor,
  vendorIds: readonly string[],
  day: string,
): Promise<Set<string>> {
  const ids = [...new Set(vendorIds)];
  const found = new Set<string>();
  if (ids.length === 0) return found;
  const running = (
    await db
      .select()
      .from(contracts)
      .where(
        and(
          inArray(contracts.vendorId, ids),
          ne(contracts.status, 'cancelled'),
          lte(contracts.startDate, day),
          or(isNull(contracts.endDate), gte(contracts.endDate, day)),
        ),
      )
  ).filter((row) => !isStorniert(row));
  if (running.length === 0) return found;
  const versions = await versionsOf(
    db,
    running.map((row) => row.id),
  );
  for (const row of running) {
    const version = versionOn(versions.get(row.id) ?? [], day);
    if (version?.provisionType === 'premium' && version.zusatzleistungen.lagerservice === true)
      found.add(row.vendorId);
  }
  return found;
}

/** Whether this producer has the storage service on `day` (see vendorsWithStorageService). */
export async function hasStorageService(
  db: Executor,
  vendorId: string,
  day: string,
): Promise<boolean> {
  return (await vendorsWithStorageService(db, [vendorId], day)).has(vendorId);
}
