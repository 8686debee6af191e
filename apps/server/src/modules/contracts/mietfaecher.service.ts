import { clock } from '@housnkuh/shared/clock';
import { findPackageOption, PACKAGE_OPTIONS } from '@housnkuh/shared/catalog';
import { formatIsoDay, isoDayInBerlin } from '@housnkuh/shared/format';
import { isUuid } from '@housnkuh/shared/schemas/params';
import {
  RENTAL_MESSAGES,
  type CreateMietfachInput,
  type Mietfach,
  type UnitState,
  type UpdateMietfachInput,
} from '@housnkuh/shared/schemas/admin-rental';
import { and, asc, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { contracts, contractUnits, rentalUnits } from './schema';
import { transaction, wakeAfterCommit } from '../../db/transaction';
import { ConflictError, InvalidError, NotFoundError } from '../../lib/domain-errors';
import { isUniqueViolation } from '../../db/errors';
import { recordAudit, type Actor } from '../audit/public';
import { vendorNames } from '../vendors/public';
import { objectionsTo } from './unit-objections';

type UnitRow = typeof rentalUnits.$inferSelect;

export interface Holding {
  rentalUnitId: string;
  contractId: string;
  number: string | null;
  vendorId: string;
  vendorName: string;
  fromDate: string;
  toDate: string | null;
}

/**
 * The contracts that hold (or will hold) units on or after `day`, earliest
 * first. A holding ended before it began (a contract cancelled before its
 * start, storniert) holds nothing.
 */
export async function holdingsFrom(
  db: Executor,
  day: string,
  unitIds?: readonly string[],
): Promise<Holding[]> {
  const live = or(
    isNull(contractUnits.toDate),
    and(gte(contractUnits.toDate, day), gte(contractUnits.toDate, contractUnits.fromDate)),
  )!;
  return db
    .select({
      rentalUnitId: contractUnits.rentalUnitId,
      contractId: contracts.id,
      number: contracts.number,
      vendorId: vendorNames.id,
      vendorName: vendorNames.name,
      unternehmen: vendorNames.unternehmen,
      fromDate: contractUnits.fromDate,
      toDate: contractUnits.toDate,
    })
    .from(contractUnits)
    .innerJoin(contracts, eq(contracts.id, contractUnits.contractId))
    .innerJoin(vendorNames, eq(vendorNames.id, contracts.vendorId))
    .where(unitIds ? and(live, inArray(contractUnits.rentalUnitId, [...unitIds])) : live)
    .orderBy(asc(contractUnits.fromDate))
    .then((rows) =>
      rows.map(({ unternehmen, ...row }) => ({
        ...row,
        vendorName: unternehmen || row.vendorName,
      })),
    );
}

/**
 * Who of these producers has the storage service on a day (`vendorsWithStorageService` of
 * storage-service.ts, passed in by the routes: it reads the contract versions, which read this
 * file). Without it, no holder is shown with the service (the occupancy's callers need none).
 */
export type StorageLookup = (
  db: Executor,
  vendorIds: readonly string[],
  day: string,
) => Promise<Set<string>>;

/** The holders' storage service today (the store room takes their goods; docs/decisions/0080). */
async function storageOf(
  db: Executor,
  holdings: readonly Holding[],
  today: string,
  lookup: StorageLookup | undefined,
): Promise<ReadonlySet<string>> {
  if (!lookup) return new Set();
  const current = holdings.filter((h) => h.fromDate <= today);
  return lookup(
    db,
    current.map((h) => h.vendorId),
    today,
  );
}

function unitAnswer(
  row: UnitRow,
  holdings: readonly Holding[],
  today: string,
  withStorage: ReadonlySet<string> = new Set(),
): Mietfach {
  const mine = holdings.filter((h) => h.rentalUnitId === row.id);
  const current = mine.find((h) => h.fromDate <= today) ?? mine[0];
  const state: UnitState = !current ? 'free' : current.fromDate <= today ? 'occupied' : 'reserved';
  return {
    id: row.id,
    ...snapshot(row),
    state,
    occupiedUntil: current?.toDate ?? null,
    holder: current
      ? {
          contractId: current.contractId,
          number: current.number,
          vendorId: current.vendorId,
          vendorName: current.vendorName,
          fromDate: current.fromDate,
          storageService: withStorage.has(current.vendorId),
        }
      : null,
  };
}

/** How many active units of a catalog type the shop has, and how many of them are free. */
export interface UnitAvailability {
  optionId: string;
  total: number;
  /** Active units no contract holds today or later (read-only; docs/product/rental.md). */
  free: number;
}

/** Per catalog type with at least one active unit: its units, and those no contract holds from `today` on. */
export async function unitAvailability(
  db: Executor,
  today = isoDayInBerlin(),
): Promise<UnitAvailability[]> {
  // one after the other: `db` may be a transaction, whose one connection takes one query at a time
  const rows = await db
    .select({ id: rentalUnits.id, optionId: rentalUnits.optionId })
    .from(rentalUnits)
    .where(eq(rentalUnits.isActive, true));
  const holdings = await holdingsFrom(db, today);
  const held = new Set(holdings.map((holding) => holding.rentalUnitId));
  return PACKAGE_OPTIONS.map((option) => {
    const units = rows.filter((row) => row.optionId === option.id);
    return {
      optionId: option.id,
      total: units.length,
      free: units.filter((unit) => !held.has(unit.id)).length,
    };
  }).filter((entry) => entry.total > 0);
}

/**
 * The active units no contract holds from `today` on, for the waiting list's offers
 * (docs/decisions/0074). Every active unit's row is locked first, ordered by id like an
 * approval locks its units, so an offer and an approval never both take a unit.
 */
export async function freeUnitsForUpdate(
  tx: Executor,
  today = isoDayInBerlin(),
): Promise<{ id: string; name: string; optionId: string }[]> {
  const units = await tx
    .select({ id: rentalUnits.id, name: rentalUnits.name, optionId: rentalUnits.optionId })
    .from(rentalUnits)
    .where(eq(rentalUnits.isActive, true))
    .orderBy(asc(rentalUnits.id))
    .for('update');
  const held = new Set((await holdingsFrom(tx, today)).map((holding) => holding.rentalUnitId));
  return units.filter((unit) => !held.has(unit.id)).sort(byName);
}

/** Natural order of names: A2 before A10. */
export const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, 'de', { numeric: true });

/** The shop floor with each unit's state today, filtered, and the occupancy per type. */
export async function listMietfaecher(
  db: Database,
  query: {
    optionId?: string | undefined;
    state?: string | undefined;
    freeFrom?: string | undefined;
  },
  today = isoDayInBerlin(),
  storage?: StorageLookup,
) {
  const [rows, holdings, heldLater] = await Promise.all([
    db.select().from(rentalUnits),
    holdingsFrom(db, today),
    // the same rule createContract checks: no holding on any day from then on
    query.freeFrom ? holdingsFrom(db, query.freeFrom) : Promise.resolve(null),
  ]);
  const takenLater = heldLater && new Set(heldLater.map((holding) => holding.rentalUnitId));
  const withStorage = await storageOf(db, holdings, today, storage);
  const all = rows.map((row) => unitAnswer(row, holdings, today, withStorage)).sort(byName);
  const typeOrder = (id: string) => PACKAGE_OPTIONS.findIndex((option) => option.id === id);
  all.sort((a, b) => typeOrder(a.optionId) - typeOrder(b.optionId) || byName(a, b));
  const occupancy = PACKAGE_OPTIONS.map((option) => {
    const active = all.filter((unit) => unit.optionId === option.id && unit.isActive);
    const occupied = active.filter((unit) => unit.state === 'occupied').length;
    return {
      optionId: option.id,
      total: active.length,
      occupied,
      percent: active.length ? Math.round((occupied / active.length) * 100) : 0,
    };
  }).filter((entry) => entry.total > 0);
  const mietfaecher = all.filter(
    (unit) =>
      (!query.optionId || unit.optionId === query.optionId) &&
      (!takenLater || (unit.isActive && !takenLater.has(unit.id))) &&
      (!query.state ||
        (query.state === 'inactive'
          ? !unit.isActive
          : unit.isActive && unit.state === query.state)),
  );
  return { mietfaecher, occupancy };
}

async function lockedUnit(tx: Executor, id: string): Promise<UnitRow> {
  if (!isUuid(id)) throw new NotFoundError(RENTAL_MESSAGES.notFound);
  const [row] = await tx.select().from(rentalUnits).where(eq(rentalUnits.id, id)).for('update');
  if (!row) throw new NotFoundError(RENTAL_MESSAGES.notFound);
  return row;
}

/** A unit's own fields: in its answer, and before and after a change in the audit log. */
function snapshot(row: UnitRow) {
  return {
    name: row.name,
    optionId: row.optionId,
    standort: row.standort,
    groesse: row.groesse,
    beschreibung: row.beschreibung,
    priceCents: row.priceCents,
    isActive: row.isActive,
  };
}

function nameTaken(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw new ConflictError(RENTAL_MESSAGES.nameTaken, [
      { field: 'name', message: RENTAL_MESSAGES.nameTaken },
    ]);
  }
  throw error;
}

export async function createMietfach(db: Database, actor: Actor, input: CreateMietfachInput) {
  const option = findPackageOption(input.optionId)!;
  try {
    return await transaction(db, async (tx) => {
      const [row] = await tx
        .insert(rentalUnits)
        .values({
          name: input.name,
          optionId: input.optionId,
          standort: input.standort ?? null,
          groesse: input.groesse ?? null,
          beschreibung: input.beschreibung ?? null,
          priceCents: input.priceCents ?? option.price,
          isActive: input.isActive ?? true,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'mietfach.create',
        entity: 'mietfach',
        entityId: row!.id,
        summary: `Mietfach ${row!.name} angelegt`,
        after: snapshot(row!),
      });
      // a new unit may be offered to the waiting list
      wakeAfterCommit(tx, 'waitlist');
      return unitAnswer(row!, [], isoDayInBerlin());
    });
  } catch (error) {
    return nameTaken(error);
  }
}

function heldMessage(unit: UnitRow, holding: Holding, what: string): string {
  const until = holding.toDate ? ` bis ${formatIsoDay(holding.toDate)}` : '';
  return `Mietfach ${unit.name} ist${until} an ${holding.vendorName} vermietet (Vertrag ${holding.number ?? 'ohne Nummer'}); ${what} geht erst, wenn der Vertrag endet.`;
}

export async function updateMietfach(
  db: Database,
  actor: Actor,
  id: string,
  input: UpdateMietfachInput,
  today = isoDayInBerlin(),
  storage?: StorageLookup,
) {
  try {
    return await transaction(db, async (tx) => {
      const before = await lockedUnit(tx, id);
      const holdings = await holdingsFrom(tx, today, [id]);
      const held = holdings[0];
      // everything that stands against the change, in one answer
      const refusals: string[] = [];
      if (held && input.isActive === false && before.isActive) {
        refusals.push(heldMessage(before, held, 'Deaktivieren'));
      }
      if (held && input.optionId && input.optionId !== before.optionId) {
        refusals.push(heldMessage(before, held, 'den Typ zu ändern'));
      }
      const retires =
        (input.isActive === false && before.isActive) ||
        (input.optionId !== undefined && input.optionId !== before.optionId);
      if (retires) refusals.push(...(await objectionsTo(db, tx, id)));
      if (refusals.length > 0) throw new ConflictError(refusals.join(' '));
      const changes = Object.fromEntries(
        Object.entries({
          name: input.name,
          optionId: input.optionId,
          standort: 'standort' in input ? (input.standort ?? null) : undefined,
          groesse: 'groesse' in input ? (input.groesse ?? null) : undefined,
          beschreibung: 'beschreibung' in input ? (input.beschreibung ?? null) : undefined,
          priceCents: input.priceCents,
          isActive: input.isActive,
        }).filter(([, value]) => value !== undefined),
      );
      const [row] = await tx
        .update(rentalUnits)
        .set({ ...changes, updatedAt: clock.now() })
        .where(eq(rentalUnits.id, id))
        .returning();
      await recordAudit(tx, actor, {
        action: 'mietfach.update',
        entity: 'mietfach',
        entityId: id,
        summary: `Mietfach ${row!.name} geändert`,
        before: snapshot(before),
        after: snapshot(row!),
      });
      // an activated unit, or one of another type, may be offered to the waiting list
      wakeAfterCommit(tx, 'waitlist');
      return unitAnswer(row!, holdings, today, await storageOf(tx, holdings, today, storage));
    });
  } catch (error) {
    return nameTaken(error);
  }
}

/** Deletes a unit no contract ever held; one with a contract history is deactivated instead. */
export async function deleteMietfach(
  db: Database,
  actor: Actor,
  id: string,
  today = isoDayInBerlin(),
) {
  await transaction(db, async (tx) => {
    const unit = await lockedUnit(tx, id);
    const [held] = await holdingsFrom(tx, today, [id]);
    const refusals = [
      ...(held ? [heldMessage(unit, held, 'Löschen')] : []),
      ...(await objectionsTo(db, tx, id)),
    ];
    if (refusals.length > 0) throw new ConflictError(refusals.join(' '));
    const [past] = await tx
      .select({ contractId: contractUnits.contractId })
      .from(contractUnits)
      .where(eq(contractUnits.rentalUnitId, id))
      .limit(1);
    if (past) {
      throw new ConflictError(
        `Mietfach ${unit.name} gehört zu früheren Verträgen und bleibt deshalb erhalten; deaktiviere es stattdessen.`,
      );
    }
    await tx.delete(rentalUnits).where(eq(rentalUnits.id, id));
    await recordAudit(tx, actor, {
      action: 'mietfach.delete',
      entity: 'mietfach',
      entityId: id,
      summary: `Mietfach ${unit.name} gelöscht`,
      before: snapshot(unit),
    });
  });
}

/** The invalid-input error for a unit that cannot be used in a contract. */
export function unusableUnit(message: string): InvalidError {
  return new InvalidError(message, [{ field: 'mietfachIds', message }]);
}
