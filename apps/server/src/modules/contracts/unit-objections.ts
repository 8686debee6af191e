import type { Executor } from '../../db/client';

/**
 * Another module's objection to a unit leaving the shop floor (deactivated, deleted, or made
 * another type): a German sentence for the owner, or null. The bookings module objects while an
 * offer of the waiting list reserves the unit (docs/decisions/0074, 0077); the contracts module
 * cannot read the reservations itself (bookings depends on contracts, not the other way).
 */
export type UnitObjection = (tx: Executor, unitId: string) => Promise<string | null>;

const objections = new WeakMap<object, Set<UnitObjection>>();

/** Registers an objection for this database's units (one app); returns the undo. */
export function onUnitRetire(db: Executor, objection: UnitObjection): () => void {
  let set = objections.get(db);
  if (!set) objections.set(db, (set = new Set()));
  set.add(objection);
  return () => void set.delete(objection);
}

/** The objections to retiring the unit, in the transaction that locked it. */
export async function objectionsTo(db: Executor, tx: Executor, unitId: string): Promise<string[]> {
  const found: string[] = [];
  for (const objection of objections.get(db) ?? []) {
    const message = await objection(tx, unitId);
    if (message) found.push(message);
  }
  return found;
}
