import { clock } from '@housnkuh/shared/clock';
import {
  addDays,
  firstOfNextMonth,
  formatEuro,
  formatIsoDay,
  isoDayInBerlin,
} from '@housnkuh/shared/format';
import { commissionModel, type ProvisionType } from '@housnkuh/shared/catalog';
import { calculatePrice, type VersionUnit, type Zusatzleistungen } from '@housnkuh/shared/pricing';
import {
  CHANGE_MESSAGES,
  type ContractChangeInput,
  type ContractVersion,
} from '@housnkuh/shared/schemas/admin-rental';
import { isUuid } from '@housnkuh/shared/schemas/params';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contractEvents, contracts, contractUnits, contractVersions, rentalUnits } from './schema';
import { ConflictError, InvalidError, NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { refuseInClosedMonth } from '../closing/public';
import { enqueueMail, type MailDraft } from '../mail/public';
import { contractChangedMail } from './mails';
import { rentalTerms } from './rental-terms';
import { vendorNamesOf } from '../vendors/public';
import { byName, holdingsFrom, unusableUnit } from './mietfaecher.service';

export type VersionRow = typeof contractVersions.$inferSelect;

/**
 * The monthly price of these terms, computed like the configurator's (catalog rules); `discount`
 * 0 for the days after the booked term (AGB § 4 Abs. 3), else the duration's discount.
 */
export function monthlyPriceOf(terms: {
  provisionType: string;
  units: readonly VersionUnit[];
  zusatzleistungen: Zusatzleistungen;
  rentalDuration: number;
  discount?: number;
}): number {
  return calculatePrice({
    packageOptions: terms.units.map((unit) => ({
      id: unit.optionId,
      name: unit.name,
      price: unit.priceCents,
    })),
    zusatzleistungen:
      terms.provisionType === 'premium'
        ? terms.zusatzleistungen
        : { lagerservice: false, versandservice: false },
    rentalDuration: terms.rentalDuration,
    provisionRate: commissionModel(terms.provisionType as ProvisionType).rate,
    ...(terms.discount === undefined ? {} : { discount: terms.discount }),
  }).monthlyTotal;
}

/** The versions of these contracts, each list by day. */
export async function versionsOf(
  db: Executor,
  contractIds: readonly string[],
): Promise<Map<string, VersionRow[]>> {
  const map = new Map<string, VersionRow[]>();
  if (contractIds.length === 0) return map;
  const rows = await db
    .select()
    .from(contractVersions)
    .where(inArray(contractVersions.contractId, [...contractIds]))
    .orderBy(asc(contractVersions.validFrom), asc(contractVersions.createdAt));
  for (const row of rows) map.set(row.contractId, [...(map.get(row.contractId) ?? []), row]);
  return map;
}

/** The version in effect on `day` (before the first: the first). */
export function versionOn<T extends { validFrom: string }>(
  versions: readonly T[],
  day: string,
): T | undefined {
  let found = versions[0];
  for (const version of versions) if (version.validFrom <= day) found = version;
  return found;
}

/** A version as the API answers it. */
export function versionAnswer(row: VersionRow): ContractVersion {
  return {
    validFrom: row.validFrom,
    provisionType: row.provisionType,
    monthlyPriceCents: row.monthlyPriceCents,
    zusatzleistungen: row.zusatzleistungen,
    mietfaecher: [...row.units]
      .sort(byName)
      .map(({ id, name, priceCents }) => ({ id, name, priceCents })),
    reason: row.reason,
    actorName: row.actorName,
  };
}

/** The first version of a new contract: the terms it starts with. */
export async function insertFirstVersion(
  tx: Executor,
  contract: { id: string; startDate: string; provisionType: string; monthlyPriceCents: number },
  units: readonly VersionUnit[],
  zusatzleistungen: Zusatzleistungen,
  actorName: string,
) {
  await tx.insert(contractVersions).values({
    contractId: contract.id,
    validFrom: contract.startDate,
    provisionType: contract.provisionType,
    monthlyPriceCents: contract.monthlyPriceCents,
    zusatzleistungen,
    units: [...units],
    actorName,
  });
}

function invalid(field: string, message: string): never {
  throw new InvalidError(message, [{ field, message }]);
}

function describe(units: readonly VersionUnit[]) {
  return units.map((unit) => `${unit.name} (${formatEuro(unit.priceCents)})`).join(', ');
}

type ContractRow = typeof contracts.$inferSelect;
type UnitRow = typeof rentalUnits.$inferSelect;
type ChangeMail = {
  settings: SiteSettings;
  publicUrl: string;
  /** A preview: the producer's mail is handed here instead of sent (the caller rolls back). */
  capture?: (draft: MailDraft, freed: string[]) => void;
};

/** Step 1: the contract, locked; not found, ended or cancelled → refused. */
async function lockChangeableContract(tx: Executor, contractId: string, today: string) {
  if (!isUuid(contractId)) throw new NotFoundError(CHANGE_MESSAGES.notFound);
  const [contract] = await tx
    .select()
    .from(contracts)
    .where(eq(contracts.id, contractId))
    .for('update');
  if (!contract) throw new NotFoundError(CHANGE_MESSAGES.notFound);
  if (
    contract.status === 'ended' ||
    contract.status === 'cancelled' ||
    (contract.endDate && contract.endDate < today)
  ) {
    throw new ConflictError(CHANGE_MESSAGES.ended);
  }
  return contract;
}

/**
 * Step 2: the day may take a change (not in a settled month, within the contract, no later
 * version planned); the version in force that day and its units in name order.
 */
async function versionToChange(tx: Executor, contract: ContractRow, from: string) {
  // a settled month's figures never change (docs/decisions/0033)
  await refuseInClosedMonth(tx, from);
  if (from < contract.startDate)
    invalid('validFrom', CHANGE_MESSAGES.beforeStart(contract.startDate));
  if (contract.endDate && from > contract.endDate) {
    invalid('validFrom', CHANGE_MESSAGES.afterEnd(contract.endDate));
  }
  const versions = (await versionsOf(tx, [contract.id])).get(contract.id) ?? [];
  const later = versions.find((version) => version.validFrom > from);
  if (later) invalid('validFrom', CHANGE_MESSAGES.laterPlanned(later.validFrom));
  const current = versionOn(versions, from);
  if (!current) throw new ConflictError(CHANGE_MESSAGES.notFound);
  // in name order, like every unit list of a version
  const currentUnits = [...current.units].sort(byName);
  return { current, currentUnits };
}

/** Step 3: the extra services from that day: only the Premium model has them. */
function servicesFrom(
  provisionType: string,
  input: ContractChangeInput,
  current: VersionRow,
): Zusatzleistungen {
  const wanted = input.zusatzleistungen ?? current.zusatzleistungen;
  if (provisionType !== 'premium' && (wanted.lagerservice || wanted.versandservice)) {
    if (input.zusatzleistungen) invalid('zusatzleistungen', CHANGE_MESSAGES.servicesPremium);
  }
  return provisionType === 'premium' ? wanted : { lagerservice: false, versandservice: false };
}

/**
 * Step 4: the units from that day, locked: each exists, a new one is active, free from that day
 * and was not this contract's before; which are added and which given up.
 */
async function lockUnitsFrom(
  tx: Executor,
  contract: ContractRow,
  ids: readonly string[],
  currentUnits: readonly VersionUnit[],
  from: string,
) {
  if (ids.length === 0) invalid('mietfachIds', CHANGE_MESSAGES.noUnits);
  if (new Set(ids).size !== ids.length || !ids.every(isUuid)) {
    throw unusableUnit('Mindestens eines der gewählten Mietfächer gibt es nicht (mehr).');
  }
  const keptIds = new Set(currentUnits.map((unit) => unit.id));
  const added = ids.filter((id) => !keptIds.has(id));
  const removed = currentUnits.filter((unit) => !ids.includes(unit.id));
  const rows = await tx
    .select()
    .from(rentalUnits)
    .where(inArray(rentalUnits.id, [...ids]))
    .orderBy(asc(rentalUnits.id))
    .for('update');
  if (rows.length !== ids.length) {
    throw unusableUnit('Mindestens eines der gewählten Mietfächer gibt es nicht (mehr).');
  }
  const inactive = rows.filter((unit) => added.includes(unit.id) && !unit.isActive);
  if (inactive.length) {
    throw unusableUnit(`${inactive.map((u) => u.name).join(', ')}: deaktiviert, nicht vermietbar.`);
  }
  if (added.length) {
    const taken = await holdingsFrom(tx, from, added);
    if (taken.length) {
      const names = new Map(rows.map((unit) => [unit.id, unit.name]));
      throw new ConflictError(
        taken
          .map(
            (holding) =>
              `Mietfach ${names.get(holding.rentalUnitId)} ist ab ${formatIsoDay(from)} nicht frei (Vertrag ${holding.number ?? 'ohne Nummer'}, ${holding.vendorName}).`,
          )
          .join(' '),
      );
    }
    const before = await tx
      .select({ id: contractUnits.rentalUnitId })
      .from(contractUnits)
      .where(
        and(eq(contractUnits.contractId, contract.id), inArray(contractUnits.rentalUnitId, added)),
      );
    if (before.length) throw new ConflictError(CHANGE_MESSAGES.unitBack);
  }
  return { rows, added, removed };
}

/** Step 5: each unit's price from that day: the one given, else the one it had, else the list's. */
function pricedUnits(
  rows: readonly UnitRow[],
  input: ContractChangeInput,
  currentUnits: readonly VersionUnit[],
): VersionUnit[] {
  return rows
    .map((unit) => ({
      id: unit.id,
      name: unit.name,
      optionId: unit.optionId,
      priceCents:
        input.priceCents?.[unit.id] ??
        currentUnits.find((kept) => kept.id === unit.id)?.priceCents ??
        unit.priceCents,
    }))
    .sort(byName);
}

/** Step 6: the holdings: given-up units through the day before, new ones from the day. */
async function moveHoldings(
  tx: Executor,
  contract: ContractRow,
  from: string,
  removed: readonly VersionUnit[],
  added: readonly string[],
  units: readonly VersionUnit[],
) {
  for (const unit of removed) {
    const [row] = await tx
      .select()
      .from(contractUnits)
      .where(
        and(eq(contractUnits.contractId, contract.id), eq(contractUnits.rentalUnitId, unit.id)),
      );
    if (!row) continue;
    if (row.fromDate >= from) {
      await tx
        .delete(contractUnits)
        .where(
          and(eq(contractUnits.contractId, contract.id), eq(contractUnits.rentalUnitId, unit.id)),
        );
    } else {
      await tx
        .update(contractUnits)
        .set({ toDate: addDays(from, -1) })
        .where(
          and(eq(contractUnits.contractId, contract.id), eq(contractUnits.rentalUnitId, unit.id)),
        );
    }
  }
  if (added.length) {
    await tx.insert(contractUnits).values(
      units
        .filter((unit) => added.includes(unit.id))
        .map((unit) => ({
          contractId: contract.id,
          rentalUnitId: unit.id,
          priceCents: unit.priceCents,
          fromDate: from,
          toDate: contract.endDate,
        })),
    );
  }
}

/** What changed, in words: the model, the units, the services (for the mail and the history). */
function changesInWords(
  current: VersionRow,
  currentUnits: readonly VersionUnit[],
  next: {
    provisionType: string;
    units: readonly VersionUnit[];
    zusatzleistungen: Zusatzleistungen;
  },
): string[] {
  const changes: string[] = [];
  if (next.provisionType !== current.provisionType) {
    changes.push(
      `${commissionModel(current.provisionType as ProvisionType).name} → ${commissionModel(next.provisionType as ProvisionType).name}`,
    );
  }
  if (describe(next.units) !== describe(currentUnits)) {
    changes.push(`Mietfächer ${describe(next.units)}`);
  }
  const services = (s: Zusatzleistungen) =>
    [s.lagerservice && 'Lagerservice', s.versandservice && 'Versandservice']
      .filter(Boolean)
      .join(', ') || 'keine';
  if (services(next.zusatzleistungen) !== services(current.zusatzleistungen)) {
    changes.push(`Zusatzleistungen: ${services(next.zusatzleistungen)}`);
  }
  return changes;
}

/**
 * Changes a running or planned contract from a day on: other units, prices,
 * model or extra services become a new version; the earlier ones stay as they
 * were. Units given up are held through the day before, new ones (locked, and
 * free from that day on) from that day. A second change for the same day is
 * a version after the first (the later one counts, both stay readable); a
 * change before an already planned later one is refused. The day may lie in
 * the past (from the contract's start on; docs/decisions/0028: part 2 will
 * refuse a day in a month already settled). Runs in the caller's
 * transaction.
 */
export async function changeContract(
  tx: Executor,
  actor: Actor | { name: string; id: null },
  contractId: string,
  input: ContractChangeInput,
  mail: ChangeMail,
  today = isoDayInBerlin(),
) {
  const contract = await lockChangeableContract(tx, contractId, today);
  const from = input.validFrom;
  const { current, currentUnits } = await versionToChange(tx, contract, from);
  const provisionType = input.provisionType ?? current.provisionType;
  const zusatzleistungen = servicesFrom(provisionType, input, current);
  const ids = input.mietfachIds ?? currentUnits.map((unit) => unit.id);
  const { rows, added, removed } = await lockUnitsFrom(tx, contract, ids, currentUnits, from);
  const units = pricedUnits(rows, input, currentUnits);

  // the duration discount holds for the booked term only (AGB § 4 Abs. 3): a change from a day
  // after it is priced without it
  const producer = rentalTerms(
    mail.settings.openingDate,
    await tx.select().from(contracts).where(eq(contracts.vendorId, contract.vendorId)),
  );
  const termEnd = producer.of(contract).termEnd;
  const monthlyPriceCents = monthlyPriceOf({
    provisionType,
    units,
    zusatzleistungen,
    rentalDuration: contract.rentalDuration,
    ...(termEnd !== null && from > termEnd ? { discount: 0 } : {}),
  });
  const unchanged =
    provisionType === current.provisionType &&
    JSON.stringify(zusatzleistungen) === JSON.stringify(current.zusatzleistungen) &&
    JSON.stringify(units.map((u) => [u.id, u.priceCents])) ===
      JSON.stringify(currentUnits.map((u) => [u.id, u.priceCents]));
  if (unchanged) invalid('validFrom', CHANGE_MESSAGES.nothing);

  await moveHoldings(tx, contract, from, removed, added, units);
  await tx.insert(contractVersions).values({
    contractId: contract.id,
    validFrom: from,
    provisionType,
    monthlyPriceCents,
    zusatzleistungen,
    units,
    reason: input.reason,
    actorName: actor.name,
  });
  await tx.update(contracts).set({ updatedAt: clock.now() }).where(eq(contracts.id, contract.id));

  const changes = changesInWords(current, currentUnits, { provisionType, units, zusatzleistungen });
  const summary = `Ab ${formatIsoDay(from)}${from < today ? ' (rückwirkend)' : ''}: ${changes.join('; ')}; monatlich ${formatEuro(current.monthlyPriceCents)} → ${formatEuro(monthlyPriceCents)}. Grund: ${input.reason}`;
  await tx.insert(contractEvents).values({
    contractId: contract.id,
    action: 'changed',
    summary,
    actorName: actor.name,
    data: { validFrom: from, provisionType, zusatzleistungen, units, reason: input.reason },
  });
  // the new price starting inside the free month: the mail says until when no rent is due
  const freeDays = producer.of(contract).trial;
  const inFreeMonth = freeDays !== null && from >= freeDays.start && from <= freeDays.end;
  await tellProducer(tx, contract, mail, {
    validFrom: from,
    change: changes.join('; '),
    before: current.monthlyPriceCents,
    after: monthlyPriceCents,
    freeMonth: inFreeMonth ? producer.freeMonth : null,
    freed: removed.map((unit) => unit.name),
  });
  if (actor.id) {
    await recordAudit(tx, actor as Actor, {
      action: 'contract.change',
      entity: 'contract',
      entityId: contract.id,
      summary: `Vertrag ${contract.number ?? ''}: ${summary}`,
      before: versionAnswer(current),
      after: { validFrom: from, provisionType, monthlyPriceCents, zusatzleistungen, units },
    });
  }
  return { contract, monthlyPriceCents, previousMonthlyPriceCents: current.monthlyPriceCents };
}

/** The last step: the producer's mail (or, for a preview, handed to `mail.capture`). */
async function tellProducer(
  tx: Executor,
  contract: ContractRow,
  mail: ChangeMail,
  change: {
    validFrom: string;
    change: string;
    before: number;
    after: number;
    freeMonth: Parameters<typeof contractChangedMail>[1]['freeMonth'];
    freed: string[];
  },
) {
  const [vendor] = await vendorNamesOf(tx, [contract.vendorId]);
  if (!vendor) return;
  const draft = contractChangedMail(mail.settings, {
    name: vendor.name,
    number: contract.number ?? '',
    validFrom: change.validFrom,
    change: change.change,
    before: change.before,
    after: change.after,
    freeMonth: change.freeMonth,
    accountUrl: `${mail.publicUrl}/vendor/meine-buchungen`,
  });
  if (mail.capture) {
    mail.capture(draft, change.freed);
  } else {
    await enqueueMail(tx, {
      to: vendor.email,
      replyTo: mail.settings.email,
      kind: 'contract-changed',
      ...draft,
    });
  }
}

/**
 * What the producer's switch to `provisionType` would be: from the first of
 * next month (not before the contract starts), the monthly price before and
 * after (without the duration discount from a day after the booked term, as
 * changeContract prices it), the extra services a Basismodell ends. Only the
 * producer's own, running contract (another's: not found).
 */
export async function modelPreview(
  db: Executor,
  vendorId: string,
  contractId: string,
  provisionType: 'basic' | 'premium',
  openingDate: string | null,
  today = isoDayInBerlin(),
) {
  if (!isUuid(contractId)) throw new NotFoundError(CHANGE_MESSAGES.notFound);
  const [contract] = await db.select().from(contracts).where(eq(contracts.id, contractId));
  if (!contract || contract.vendorId !== vendorId)
    throw new NotFoundError(CHANGE_MESSAGES.notFound);
  if (
    contract.status === 'ended' ||
    contract.status === 'cancelled' ||
    (contract.endDate && contract.endDate < today)
  ) {
    throw new ConflictError(CHANGE_MESSAGES.ended);
  }
  const next = firstOfNextMonth(today);
  const validFrom = next > contract.startDate ? next : contract.startDate;
  if (contract.endDate && validFrom > contract.endDate) {
    throw new ConflictError(CHANGE_MESSAGES.afterEnd(contract.endDate));
  }
  const versions = (await versionsOf(db, [contract.id])).get(contract.id) ?? [];
  const current = versionOn(versions, validFrom);
  if (!current) throw new NotFoundError(CHANGE_MESSAGES.notFound);
  if (current.provisionType === provisionType) {
    throw new ConflictError(CHANGE_MESSAGES.modelSame);
  }
  const services = current.zusatzleistungen;
  const zusatzleistungen: Zusatzleistungen =
    provisionType === 'premium' ? services : { lagerservice: false, versandservice: false };
  const termEnd = rentalTerms(
    openingDate,
    await db.select().from(contracts).where(eq(contracts.vendorId, contract.vendorId)),
  ).of(contract).termEnd;
  return {
    validFrom,
    currentProvisionType: current.provisionType,
    currentMonthlyPriceCents: current.monthlyPriceCents,
    monthlyPriceCents: monthlyPriceOf({
      provisionType,
      units: current.units,
      zusatzleistungen,
      rentalDuration: contract.rentalDuration,
      ...(termEnd !== null && validFrom > termEnd ? { discount: 0 } : {}),
    }),
    droppedServices:
      provisionType === 'basic'
        ? [
            services.lagerservice && 'Lagerservice',
            services.versandservice && 'Versandservice',
          ].filter((name): name is string => Boolean(name))
        : [],
  };
}
