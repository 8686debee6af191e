import { addDays, formatEuro, formatIsoDay, isoDayInBerlin } from '@housnkuh/shared/format';
import {
  calculatePrice,
  type PricedSelection,
  type VersionUnit,
  type Zusatzleistungen,
} from '@housnkuh/shared/pricing';
import type { ContractPhase, ContractTerms } from '@housnkuh/shared/rental-terms';
import { RENTAL_MESSAGES, type ContractAnswer } from '@housnkuh/shared/schemas/admin-rental';
import { isUuid } from '@housnkuh/shared/schemas/params';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { and, asc, eq, gt, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  contractEvents,
  contractNotices,
  contracts,
  contractUnits,
  contractVersions,
  rentalUnits,
} from './schema';
import { ConflictError, InvalidError } from '../../lib/domain-errors';
import { contractNumber, nextContractNumber, nextNumbers } from '../../lib/number-series';
import type { Actor } from '../audit/public';
import { refuseInClosedMonth } from '../closing/public';
import { byName, holdingsFrom, unusableUnit } from './mietfaecher.service';
import { insertFirstVersion, versionAnswer, versionOn, versionsOf } from './versions.service';
import { contractPhase, earliestEnd, rentalTerms } from './rental-terms';

/** What the trial and account rules need to know of a vendor's contracts. */
export interface ContractFacts {
  id: string;
  status: string;
  startDate: string;
  endDate: string | null;
  bookingRequestId: string | null;
  createdAt: Date;
  rentalDuration: number;
}

/** The statuses of a contract that is running or about to. */
export const LIVE_CONTRACT_STATUSES: ReadonlySet<string> = new Set(['scheduled', 'active']);

/** The shop counts as open from its opening date on (docs/product/brand-and-settings.md). */
export function isShopOpen(settings: SiteSettings, today = isoDayInBerlin()): boolean {
  return settings.openingDate !== null && settings.openingDate <= today;
}

/**
 * Whether the vendor (the SQL of its id, e.g. a column of the outer query)
 * has an active contract: a part of the directory's listing rule.
 */
export function hasActiveContract(vendorId: SQLWrapper): SQL {
  return sql`exists (select 1 from ${contracts} where ${contracts.vendorId} = ${vendorId} and ${contracts.status} = 'active')`;
}

/**
 * Whether the vendor (the SQL of its id) has a contract that lets it be
 * listed: scheduled, or running (free month included) (docs/product/vendor-lifecycle.md; the
 * directory's listing rule).
 */
export function hasListableContract(vendorId: SQLWrapper): SQL {
  return sql`exists (select 1 from ${contracts} where ${contracts.vendorId} = ${vendorId} and ${contracts.status} in ('scheduled', 'active'))`;
}

/**
 * What these vendors' contracts hold: how many contracts they have, and the
 * names of the units their scheduled or running contracts hold on `today` or
 * later (freed when the contracts go), by name.
 */
export async function holdingsOfVendors(
  db: Executor,
  vendorIds: readonly string[],
  today = isoDayInBerlin(),
): Promise<{ contracts: number; units: string[] }> {
  if (vendorIds.length === 0) return { contracts: 0, units: [] };
  const ids = [...vendorIds];
  const all = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(inArray(contracts.vendorId, ids));
  const held = await db
    .selectDistinct({ name: rentalUnits.name })
    .from(contractUnits)
    .innerJoin(contracts, eq(contracts.id, contractUnits.contractId))
    .innerJoin(rentalUnits, eq(rentalUnits.id, contractUnits.rentalUnitId))
    .where(
      and(
        inArray(contracts.vendorId, ids),
        inArray(contracts.status, [...LIVE_CONTRACT_STATUSES]),
        or(isNull(contractUnits.toDate), gt(contractUnits.toDate, addDays(today, -1))),
      ),
    );
  return { contracts: all.length, units: held.sort(byName).map((row) => row.name) };
}

/** Whether the vendor (the SQL of its id) has or had any contract at all. */
export function hasContract(vendorId: SQLWrapper): SQL {
  return sql`exists (select 1 from ${contracts} where ${contracts.vendorId} = ${vendorId})`;
}

/** The start of the vendor's first running or scheduled contract (SQL, null without one). */
export function firstContractStart(vendorId: SQLWrapper): SQL {
  return sql`(select min(${contracts.startDate}) from ${contracts} where ${contracts.vendorId} = ${vendorId} and ${contracts.status} in ('scheduled', 'active'))`;
}

/**
 * The units the vendor's active contracts hold on `today`, and those its
 * scheduled contracts will hold on their first day, as a JSON array of
 * the directory's shape ({ id, name, beschreibung, standort, groesse, preis }),
 * by name: a subquery for the directory's listing.
 */
export function heldUnitsJson(vendorId: SQLWrapper, today: string): SQL {
  return sql`(select coalesce(json_agg(json_build_object('id', ru.id, 'name', ru.name,
                'beschreibung', ru.beschreibung, 'standort', ru.standort,
                'groesse', ru.groesse, 'preis', cu.price_cents) order by ru.name), '[]'::json)
         from ${contracts} c
         join ${contractUnits} cu on cu.contract_id = c.id
         join ${rentalUnits} ru on ru.id = cu.rental_unit_id
        where c.vendor_id = ${vendorId} and c.status in ('scheduled', 'active')
          and cu.from_date <= greatest(c.start_date, ${today}::date)
          and (cu.to_date is null or cu.to_date >= greatest(c.start_date, ${today}::date)))`;
}

/** A vendor's contracts, as far as the trial and account rules need them. */
export async function contractFacts(db: Executor, vendorId: string): Promise<ContractFacts[]> {
  return db
    .select({
      id: contracts.id,
      status: contracts.status,
      startDate: contracts.startDate,
      endDate: contracts.endDate,
      bookingRequestId: contracts.bookingRequestId,
      createdAt: contracts.createdAt,
      rentalDuration: contracts.rentalDuration,
    })
    .from(contracts)
    .where(eq(contracts.vendorId, vendorId));
}

// ---------------------------------------------------------------------------
// Contracts as the API answers them, and making one from an approved booking

type ContractRow = typeof contracts.$inferSelect;

/** 'Probemonat bis 30.08.2026', 'gekündigt zum 30.11.2026', … */
export function phaseLabel(phase: ContractPhase, terms: ContractTerms, endDate: string | null) {
  switch (phase) {
    case 'scheduled':
      return 'geplant';
    case 'trial':
      return `Probemonat bis ${formatIsoDay(terms.trial!.end)}`;
    case 'term':
      return 'aktiv';
    case 'monthly':
      return 'aktiv, monatlich kündbar';
    case 'notice':
      return `gekündigt zum ${formatIsoDay(endDate!)}`;
    case 'ended':
      return 'beendet';
    case 'cancelled':
      return 'storniert';
  }
}

/**
 * The contracts of these producers (all, with null), as the API answers them:
 * units, dates of trial and term, where each stands `today` and how early it
 * could end if notice were given today.
 */
export async function contractAnswers(
  db: Executor,
  vendorIds: readonly string[] | null,
  openingDate: string | null,
  today = isoDayInBerlin(),
): Promise<(ContractAnswer & { bookingRequestId: string | null })[]> {
  if (vendorIds && vendorIds.length === 0) return [];
  const rows = await db
    .select()
    .from(contracts)
    .where(vendorIds ? inArray(contracts.vendorId, [...vendorIds]) : undefined)
    .orderBy(asc(contracts.startDate), asc(contracts.createdAt));
  const units = rows.length
    ? await db
        .select({
          contractId: contractUnits.contractId,
          id: rentalUnits.id,
          name: rentalUnits.name,
          priceCents: contractUnits.priceCents,
        })
        .from(contractUnits)
        .innerJoin(rentalUnits, eq(rentalUnits.id, contractUnits.rentalUnitId))
        .where(
          inArray(
            contractUnits.contractId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  const versions = await versionsOf(
    db,
    rows.map((row) => row.id),
  );
  // grouped once: a list of thousands stays linear
  const byVendor = new Map<string, ContractRow[]>();
  for (const row of rows) byVendor.set(row.vendorId, [...(byVendor.get(row.vendorId) ?? []), row]);
  const unitsOf = new Map<string, { id: string; name: string; priceCents: number }[]>();
  for (const { contractId, ...unit } of units) {
    unitsOf.set(contractId, [...(unitsOf.get(contractId) ?? []), unit]);
  }
  return rows.map((row) => {
    const producer = rentalTerms(openingDate, byVendor.get(row.vendorId) ?? [row]);
    const terms = producer.of(row);
    const pkg = row.packageSnapshot;
    const phase = contractPhase(row, terms, today);
    const running = !row.endDate && phase !== 'cancelled';
    const earliest = earliestEnd(terms, producer.freeMonth, today, 'producer');
    const atOnce = earliest === today;
    const history = versions.get(row.id) ?? [];
    // today's terms (a contract without versions, as before they existed: its row)
    const now = versionOn(history, today);
    // the next planned terms: the last version for the first day after today that has one
    const nextDay = history.find((version) => version.validFrom > today)?.validFrom;
    const upcoming = nextDay ? (versionOn(history, nextDay) ?? null) : null;
    return {
      id: row.id,
      number: row.number,
      vendorId: row.vendorId,
      bookingRequestId: row.bookingRequestId,
      status: row.status,
      provisionType: now?.provisionType ?? row.provisionType,
      rentalDuration: row.rentalDuration,
      startDate: row.startDate,
      trialStartsOn: terms.trial?.start ?? null,
      trialEndsOn: terms.trial?.end ?? null,
      freeMonth: producer.freeMonth,
      termEndsOn: terms.termEnd,
      endDate: row.endDate,
      monthlyPriceCents: now?.monthlyPriceCents ?? row.monthlyPriceCents,
      mietfaecher: now ? versionAnswer(now).mietfaecher : (unitsOf.get(row.id) ?? []).sort(byName),
      zusatzleistungen: now
        ? versionAnswer(now).zusatzleistungen
        : {
            lagerservice: pkg.zusatzleistungen?.lagerservice ?? false,
            versandservice: pkg.zusatzleistungen?.versandservice ?? false,
          },
      phase,
      statusLabel: phaseLabel(phase, terms, row.endDate),
      earliestEnd: running && !(atOnce && today < row.startDate) ? earliest : null,
      endsAtOnce: running && atOnce,
      termination: row.terminationKind
        ? {
            kind: row.terminationKind,
            reason: row.terminationReason,
            noticeGivenOn: row.noticeGivenOn,
          }
        : null,
      versions: history.map(versionAnswer),
      nextChange: upcoming ? versionAnswer(upcoming) : null,
    };
  });
}

export interface NewContract {
  vendorId: string;
  bookingRequestId: string;
  pkg: PricedSelection;
  mietfachIds: readonly string[];
  startDate: string;
  priceCents?: Readonly<Record<string, number>> | undefined;
  priceReason?: string | undefined;
  /** The shop's opening date: before it (or without one) a contract is only scheduled. */
  openingDate: string | null;
}

/** A new contract is active once its start day and the opening have come; scheduled before. */
function statusAtStart(startDate: string, openingDate: string | null, today: string) {
  return startDate <= today && openingDate !== null && openingDate <= today
    ? 'active'
    : 'scheduled';
}

/**
 * Makes the contract of an approved booking: the chosen units, locked, must
 * be active and free from the start date on (no other contract holds them on
 * any day from then); a price other than the unit's needs a reason. The start
 * may lie in the past (a producer taken over, an approval entered late:
 * docs/decisions/0028): the units must then be free from that past day on,
 * and the daily job brings the contract to today. The units
 * are held from the start date until the contract ends. Runs in the caller's
 * transaction; two approvals for one unit wait for each other at the lock, so
 * the second sees the first's contract and is refused. Answers the contract with its units
 * at their prices.
 */
export async function createContract(
  tx: Executor,
  actor: Actor,
  input: NewContract,
  today = isoDayInBerlin(),
) {
  // a settled month's figures never change (docs/decisions/0033)
  await refuseInClosedMonth(tx, input.startDate);
  const ids = input.mietfachIds.filter(isUuid);
  const units = ids.length
    ? await tx
        .select()
        .from(rentalUnits)
        .where(inArray(rentalUnits.id, ids))
        .orderBy(asc(rentalUnits.id))
        .for('update')
    : [];
  if (units.length !== input.mietfachIds.length) {
    throw unusableUnit('Mindestens eines der gewählten Mietfächer gibt es nicht (mehr).');
  }
  const inactive = units.filter((unit) => !unit.isActive);
  if (inactive.length > 0) {
    throw unusableUnit(
      `${inactive.map((unit) => unit.name).join(', ')}: deaktiviert, nicht vermietbar.`,
    );
  }
  const taken = await holdingsFrom(tx, input.startDate, ids);
  if (taken.length > 0) {
    const names = new Map(units.map((unit) => [unit.id, unit.name]));
    throw new ConflictError(
      taken
        .map(
          (holding) =>
            `Mietfach ${names.get(holding.rentalUnitId)} ist ab ${formatIsoDay(input.startDate)} nicht frei (Vertrag ${holding.number ?? 'ohne Nummer'}, ${holding.vendorName}${holding.toDate ? `, bis ${formatIsoDay(holding.toDate)}` : ''}).`,
        )
        .join(' '),
    );
  }
  const priced = units.map((unit) => ({
    unit,
    price: input.priceCents?.[unit.id] ?? unit.priceCents,
  }));
  if (priced.some(({ unit, price }) => price !== unit.priceCents) && !input.priceReason) {
    throw new InvalidError(RENTAL_MESSAGES.priceReason, [
      { field: 'priceReason', message: RENTAL_MESSAGES.priceReason },
    ]);
  }
  const price = calculatePrice({
    packageOptions: priced.map(({ unit, price }) => ({
      id: unit.optionId,
      name: unit.name,
      price,
    })),
    zusatzleistungen: input.pkg.zusatzleistungen,
    rentalDuration: input.pkg.rentalDuration,
    provisionRate: input.pkg.provisionRate,
  });
  const termsUnits: VersionUnit[] = priced.map(({ unit, price: cents }) => ({
    id: unit.id,
    name: unit.name,
    optionId: unit.optionId,
    priceCents: cents,
  }));
  const number = await nextContractNumber(tx, Number(today.slice(0, 4)));
  const [contract] = await tx
    .insert(contracts)
    .values({
      vendorId: input.vendorId,
      bookingRequestId: input.bookingRequestId,
      number,
      status: statusAtStart(input.startDate, input.openingDate, today),
      provisionType: input.pkg.provisionType,
      rentalDuration: input.pkg.rentalDuration,
      monthlyPriceCents: price.monthlyTotal,
      startDate: input.startDate,
      packageSnapshot: {
        ...input.pkg,
        price,
        units: termsUnits,
        priceReason: input.priceReason ?? null,
      },
    })
    .returning();
  await tx.insert(contractUnits).values(
    priced.map(({ unit, price: cents }) => ({
      contractId: contract!.id,
      rentalUnitId: unit.id,
      priceCents: cents,
      fromDate: input.startDate,
    })),
  );
  await insertFirstVersion(tx, contract!, termsUnits, input.pkg.zusatzleistungen, actor.name);
  await tx.insert(contractEvents).values({
    contractId: contract!.id,
    action: 'created',
    summary: `Vertrag ${number} angelegt: ${units.map((unit) => unit.name).join(', ')} ab ${formatIsoDay(input.startDate)}${input.startDate < today ? ' (rückwirkend)' : ''}, ${formatEuro(price.monthlyTotal)} im Monat${input.priceReason ? ` (Preis angepasst: ${input.priceReason})` : ''}`,
    actorName: actor.name,
    data: {
      units: priced.map(({ unit, price: cents }) => ({ name: unit.name, priceCents: cents })),
      priceReason: input.priceReason ?? null,
    },
  });
  return { ...contract!, units: termsUnits };
}

/**
 * The contract holds its units up to `endDate` at the latest (free the next
 * day): the one place that ends a holding. Answers how many it ended.
 */
export async function endHoldings(tx: Executor, contractId: string, endDate: string) {
  // a holding planned from after the end (a change that will not come) goes
  await tx
    .delete(contractUnits)
    .where(and(eq(contractUnits.contractId, contractId), gt(contractUnits.fromDate, endDate)));
  const ended = await tx
    .update(contractUnits)
    .set({ toDate: endDate })
    .where(
      and(
        eq(contractUnits.contractId, contractId),
        or(isNull(contractUnits.toDate), gt(contractUnits.toDate, endDate)),
      ),
    )
    .returning({ id: contractUnits.rentalUnitId });
  return ended.length;
}

/**
 * A contract that ends (or is storniert) drops the changes planned after its
 * last day (`lastDay`, for a storno its start: the booked terms stay): their
 * versions are deleted and its history says so.
 */
export async function dropChangesAfter(
  tx: Executor,
  contractId: string,
  lastDay: string,
  storno: boolean,
  actorName: string,
) {
  const dropped = await tx
    .delete(contractVersions)
    .where(
      and(eq(contractVersions.contractId, contractId), gt(contractVersions.validFrom, lastDay)),
    )
    .returning({ validFrom: contractVersions.validFrom });
  if (dropped.length === 0) return;
  const days = [...new Set(dropped.map((version) => version.validFrom))].sort();
  await tx.insert(contractEvents).values({
    contractId,
    action: 'changed.dropped',
    summary: `Geplante Änderung ab ${days.map(formatIsoDay).join(', ')} entfällt: ${storno ? 'Der Vertrag ist storniert.' : `Der Vertrag endet am ${formatIsoDay(lastDay)}.`}`,
    actorName,
    data: { validFrom: days },
  });
}

/**
 * A contract storniert before its start holds its units on no day: its
 * holdings go (its versions and history keep what was booked). Answers how
 * many.
 */
export async function cancelHoldings(tx: Executor, contractId: string) {
  const gone = await tx
    .delete(contractUnits)
    .where(eq(contractUnits.contractId, contractId))
    .returning({ id: contractUnits.rentalUnitId });
  return gone.length;
}

/**
 * The running or scheduled contracts made from a booking request, locked for
 * the caller's transaction (a notice on the same contract waits for it, and
 * it for the notice): the caller sees their state after any notice.
 */
export async function liveContractsOfBooking(tx: Executor, bookingRequestId: string) {
  return tx
    .select()
    .from(contracts)
    .where(
      and(
        eq(contracts.bookingRequestId, bookingRequestId),
        inArray(contracts.status, ['scheduled', 'active']),
      ),
    )
    .orderBy(asc(contracts.id))
    .for('update');
}

/**
 * Ends a contract in its trial (or before it began) today, at the producer's
 * wish (a booking cancelled in the trial): its units are free from tomorrow,
 * its history records it.
 */
export async function endInTrial(
  tx: Executor,
  contractId: string,
  today: string,
  reason: string | undefined,
  now: Date,
) {
  const [row] = await tx
    .select({ startDate: contracts.startDate })
    .from(contracts)
    .where(eq(contracts.id, contractId));
  // before its start: storniert, no end date, its units never held
  const storno = today < row!.startDate;
  await tx
    .update(contracts)
    .set({
      status: storno ? 'cancelled' : 'terminated',
      endDate: storno ? null : today,
      terminationKind: 'vendor',
      terminationReason: reason ?? null,
      noticeGivenOn: today,
      updatedAt: now,
    })
    .where(eq(contracts.id, contractId));
  if (storno) await cancelHoldings(tx, contractId);
  else await endHoldings(tx, contractId, today);
  await tx.insert(contractEvents).values({
    contractId,
    action: 'terminated.vendor',
    summary: storno
      ? `Vor dem Beginn am ${formatIsoDay(row!.startDate)} vom Direktvermarkter storniert${reason ? ` (${reason})` : ''}`
      : `Im Probemonat vom Direktvermarkter beendet zum ${formatIsoDay(today)}${reason ? ` (${reason})` : ''}`,
    actorName: 'Direktvermarkter',
  });
  await dropChangesAfter(
    tx,
    contractId,
    storno ? row!.startDate : today,
    storno,
    'Direktvermarkter',
  );
}

/**
 * Everything kept about a vendor's contracts (its data export, Art. 15 GDPR):
 * each contract with its units, its history and the reminders it was sent.
 */
export async function contractRecordsOf(db: Executor, vendorId: string) {
  const contractRows = await db
    .select()
    .from(contracts)
    .where(eq(contracts.vendorId, vendorId))
    .orderBy(asc(contracts.createdAt));
  const ids = contractRows.map((contract) => contract.id);
  if (ids.length === 0) return [];
  // one after the other: `db` may be a transaction, whose one connection takes one query at a time
  const units = await db
    .select({
      contractId: contractUnits.contractId,
      name: rentalUnits.name,
      optionId: rentalUnits.optionId,
      priceCents: contractUnits.priceCents,
      fromDate: contractUnits.fromDate,
      toDate: contractUnits.toDate,
    })
    .from(contractUnits)
    .innerJoin(rentalUnits, eq(rentalUnits.id, contractUnits.rentalUnitId))
    .where(inArray(contractUnits.contractId, ids));
  const events = await db
    .select()
    .from(contractEvents)
    .where(inArray(contractEvents.contractId, ids))
    .orderBy(asc(contractEvents.id));
  const notices = await db
    .select()
    .from(contractNotices)
    .where(inArray(contractNotices.contractId, ids));
  return contractRows.map((contract) => ({
    ...contract,
    units: units.filter((unit) => unit.contractId === contract.id),
    history: events.filter((event) => event.contractId === contract.id),
    remindersSent: notices.filter((notice) => notice.contractId === contract.id),
  }));
}

// ---------------------------------------------------------------------------
// The initial data (db/seed.ts)

type RentalUnitRow = typeof rentalUnits.$inferSelect;

/** Adds rental units (the shop floor of a new database). */
export async function addRentalUnits(
  tx: Executor,
  units: readonly Pick<
    typeof rentalUnits.$inferInsert,
    'name' | 'optionId' | 'beschreibung' | 'standort' | 'groesse' | 'priceCents'
  >[],
): Promise<void> {
  if (units.length === 0) return;
  await tx.insert(rentalUnits).values([...units]);
}

/** Every rental unit, by its name. */
export async function rentalUnitsByName(tx: Executor): Promise<Map<string, RentalUnitRow>> {
  const units = await tx.select().from(rentalUnits);
  return new Map(units.map((unit) => [unit.name, unit]));
}

/**
 * A contract entered as it stands (the demo data): from `startDate` (active
 * once that day and the opening have come), numbered in the year it starts
 * (V-2026-… for a start in 2026, whenever the producer registered), its units
 * held from the start at their prices, its first version.
 */
export async function createRunningContract(
  tx: Executor,
  input: {
    vendorId: string;
    pkg: PricedSelection;
    units: readonly RentalUnitRow[];
    startDate: string;
    registered: Date;
    /** The shop's opening date: before it (or without one) the contract is only scheduled. */
    openingDate: string | null;
  },
  today = isoDayInBerlin(),
): Promise<void> {
  const [contract] = await tx
    .insert(contracts)
    .values({
      vendorId: input.vendorId,
      status: statusAtStart(input.startDate, input.openingDate, today),
      provisionType: input.pkg.provisionType,
      rentalDuration: input.pkg.rentalDuration,
      monthlyPriceCents: input.pkg.price.monthlyTotal,
      number: await nextContractNumber(tx, Number(input.startDate.slice(0, 4))),
      startDate: input.startDate,
      packageSnapshot: input.pkg,
      createdAt: input.registered,
      updatedAt: input.registered,
    })
    .returning();
  await insertFirstVersion(
    tx,
    contract!,
    input.units.map((unit) => ({
      id: unit.id,
      name: unit.name,
      optionId: unit.optionId,
      priceCents: unit.priceCents,
    })),
    input.pkg.zusatzleistungen,
    'System',
  );
  await tx.insert(contractUnits).values(
    input.units.map((unit) => ({
      contractId: contract!.id,
      rentalUnitId: unit.id,
      priceCents: unit.priceCents,
      fromDate: input.startDate,
    })),
  );
}

/** A contract entered as it stands in bulk (createRunningContracts). */
export interface RunningContractEntry {
  vendorId: string;
  provisionType: string;
  rentalDuration: number;
  monthlyPriceCents: number;
  startDate: string;
  packageSnapshot: Record<string, unknown>;
  /** What its first version names; none of the shop floor's units is held by it. */
  units: readonly VersionUnit[];
  zusatzleistungen: Zusatzleistungen;
}

/**
 * Many contracts entered as they stand at once (the bench's hundreds of producers, each with a
 * contract of its own, more than the shop floor's units): numbered in the year each starts (the
 * series' numbers taken in one step per year), active once its start and the opening have come,
 * each with its first version; one INSERT per 1,000 rows.
 */
export async function createRunningContracts(
  tx: Executor,
  entries: readonly RunningContractEntry[],
  options: { openingDate: string | null; actorName: string },
  today = isoDayInBerlin(),
): Promise<string[]> {
  const numbers: string[] = [];
  const years = [...new Set(entries.map((entry) => Number(entry.startDate.slice(0, 4))))];
  const nextOfYear = new Map<number, number>();
  for (const year of years) {
    const count = entries.filter((entry) => Number(entry.startDate.slice(0, 4)) === year).length;
    nextOfYear.set(year, await nextNumbers(tx, 'contract', year, count));
  }
  for (const entry of entries) {
    const year = Number(entry.startDate.slice(0, 4));
    const n = nextOfYear.get(year)!;
    nextOfYear.set(year, n + 1);
    numbers.push(contractNumber(year, n));
  }
  const ids: string[] = [];
  for (let start = 0; start < entries.length; start += 1000) {
    const batch = entries.slice(start, start + 1000);
    const made = await tx
      .insert(contracts)
      .values(
        batch.map((entry, i) => ({
          vendorId: entry.vendorId,
          // the same rule as createRunningContract's
          status:
            entry.startDate <= today && options.openingDate !== null && options.openingDate <= today
              ? 'active'
              : 'scheduled',
          provisionType: entry.provisionType,
          rentalDuration: entry.rentalDuration,
          monthlyPriceCents: entry.monthlyPriceCents,
          number: numbers[start + i]!,
          startDate: entry.startDate,
          packageSnapshot: entry.packageSnapshot,
        })),
      )
      .returning({ id: contracts.id });
    await tx.insert(contractVersions).values(
      made.map((contract, i) => ({
        contractId: contract.id,
        validFrom: batch[i]!.startDate,
        provisionType: batch[i]!.provisionType,
        monthlyPriceCents: batch[i]!.monthlyPriceCents,
        zusatzleistungen: batch[i]!.zusatzleistungen,
        units: [...batch[i]!.units],
        actorName: options.actorName,
      })),
    );
    ids.push(...made.map((contract) => contract.id));
  }
  return ids;
}
