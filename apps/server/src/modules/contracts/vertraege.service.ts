import { clock } from '@housnkuh/shared/clock';
import { formatIsoDay, isoDayInBerlin } from '@housnkuh/shared/format';
import { isMonthEnd } from '@housnkuh/shared/rental-terms';
import {
  extraordinaryReason,
  TERMINATION_MESSAGES,
  type ExtraordinaryGround,
  type AdminContract,
  type TerminateContractInput,
} from '@housnkuh/shared/schemas/admin-rental';
import { isUuid } from '@housnkuh/shared/schemas/params';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { asc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { contractEvents, contracts } from './schema';
import { transaction } from '../../db/transaction';
import { pageOf } from '../../lib/admin-lists';
import { ConflictError, InvalidError, NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { refuseInClosedMonth } from '../closing/public';
import { enqueueMail, renderDraft, type MailDraft } from '../mail/public';
import { contractTerminatedMail } from './mails';
import { vendorForUpdate, vendorNames, vendorNamesOf } from '../vendors/public';
import {
  cancelHoldings,
  contractAnswers,
  dropChangesAfter,
  endHoldings,
} from './contracts.service';
import {
  contractPhase,
  earliestEnd,
  isAllowedEnd,
  isStorniert,
  rentalTerms,
  type Terminator,
} from './rental-terms';

type ContractRow = typeof contracts.$inferSelect;

export async function withVendors(
  db: Executor,
  answers: Awaited<ReturnType<typeof contractAnswers>>,
): Promise<AdminContract[]> {
  const ids = [...new Set(answers.map((answer) => answer.vendorId))];
  const rows = await vendorNamesOf(db, ids);
  const byId = new Map(
    rows.map(({ id, name, unternehmen }) => [id, { id, name, unternehmen }] as const),
  );
  return answers.map(({ bookingRequestId: _request, ...answer }) => ({
    ...answer,
    vendor: byId.get(answer.vendorId) ?? { id: answer.vendorId, name: '', unternehmen: null },
  }));
}

/**
 * The contracts, newest number first, filtered by phase and a search in
 * number and producer, a page at a time. The phase depends on today and the
 * opening date, so it is computed from a few columns of every contract; the
 * full answer (units, dates, history) only for the page.
 */
export async function listVertraege(
  db: Database,
  openingDate: string | null,
  query: { phase?: string | undefined; search?: string | undefined; page: number; limit: number },
  today = isoDayInBerlin(),
) {
  const rows = await db
    .select({
      id: contracts.id,
      vendorId: contracts.vendorId,
      number: contracts.number,
      status: contracts.status,
      startDate: contracts.startDate,
      createdAt: contracts.createdAt,
      rentalDuration: contracts.rentalDuration,
      endDate: contracts.endDate,
      name: vendorNames.name,
      unternehmen: vendorNames.unternehmen,
    })
    .from(contracts)
    .innerJoin(vendorNames, eq(vendorNames.id, contracts.vendorId));
  const byVendor = new Map<string, typeof rows>();
  for (const row of rows) byVendor.set(row.vendorId, [...(byVendor.get(row.vendorId) ?? []), row]);
  const needle = query.search?.trim().toLowerCase();
  const matching = rows
    .filter(
      (row) =>
        (!needle ||
          [row.number, row.name, row.unternehmen].some((text) =>
            text?.toLowerCase().includes(needle),
          )) &&
        (!query.phase ||
          contractPhase(
            row,
            rentalTerms(openingDate, byVendor.get(row.vendorId) ?? [row]).of(row),
            today,
          ) === query.phase),
    )
    .sort(
      (a, b) =>
        (b.number ?? '').localeCompare(a.number ?? '') || b.startDate.localeCompare(a.startDate),
    );
  const page = matching.slice((query.page - 1) * query.limit, query.page * query.limit);
  const answers = await withVendors(
    db,
    await contractAnswers(db, [...new Set(page.map((row) => row.vendorId))], openingDate, today),
  );
  const byId = new Map(answers.map((answer) => [answer.id, answer]));
  return {
    vertraege: page.map((row) => byId.get(row.id)!),
    pagination: pageOf(query, matching.length),
  };
}

export async function vertragDetail(
  db: Executor,
  openingDate: string | null,
  id: string,
  today = isoDayInBerlin(),
) {
  if (!isUuid(id)) throw new NotFoundError(TERMINATION_MESSAGES.notFound);
  const [row] = await db.select().from(contracts).where(eq(contracts.id, id));
  if (!row) throw new NotFoundError(TERMINATION_MESSAGES.notFound);
  const answers = await withVendors(
    db,
    await contractAnswers(db, [row.vendorId], openingDate, today),
  );
  const history = await db
    .select()
    .from(contractEvents)
    .where(eq(contractEvents.contractId, id))
    .orderBy(asc(contractEvents.createdAt), asc(contractEvents.id));
  return {
    ...answers.find((answer) => answer.id === id)!,
    history: history.map((event) => ({
      id: event.id,
      action: event.action,
      summary: event.summary,
      actorName: event.actorName,
      createdAt: event.createdAt.toISOString(),
    })),
  };
}

async function lockedContract(tx: Executor, id: string) {
  if (!isUuid(id)) throw new NotFoundError(TERMINATION_MESSAGES.notFound);
  // the producer's row first (as approval and cancellation do), then the contract's
  const [owner] = await tx
    .select({ vendorId: contracts.vendorId })
    .from(contracts)
    .where(eq(contracts.id, id));
  if (!owner) throw new NotFoundError(TERMINATION_MESSAGES.notFound);
  await vendorForUpdate(tx, { id: owner.vendorId });
  const [row] = await tx.select().from(contracts).where(eq(contracts.id, id)).for('update');
  if (!row) throw new NotFoundError(TERMINATION_MESSAGES.notFound);
  if (row.endDate || isStorniert(row)) throw new ConflictError(TERMINATION_MESSAGES.ended);
  const siblings = await tx.select().from(contracts).where(eq(contracts.vendorId, row.vendorId));
  return { row, siblings };
}

const invalid = (field: string, message: string) => new InvalidError(message, [{ field, message }]);

/** The earliest end for notice given on `noticeDate` (shown before an admin confirms). */
export async function earliestEndOf(
  db: Database,
  openingDate: string | null,
  id: string,
  noticeDate: string,
  by: Terminator = 'shop',
) {
  if (!isUuid(id)) throw new NotFoundError(TERMINATION_MESSAGES.notFound);
  const [row] = await db.select().from(contracts).where(eq(contracts.id, id));
  if (!row) throw new NotFoundError(TERMINATION_MESSAGES.notFound);
  const siblings = await db.select().from(contracts).where(eq(contracts.vendorId, row.vendorId));
  const producer = rentalTerms(openingDate, siblings);
  return earliestEnd(noticeTerms(producer, row, by), producer.freeMonth, noticeDate, by);
}

/**
 * A contract's terms for an ordinary notice by `by`. The shop's notice needs
 * the booked term, unknown while the opening date is: then only the
 * extraordinary termination (the form's earliest end and the notice say so alike).
 */
function noticeTerms(producer: ReturnType<typeof rentalTerms>, row: ContractRow, by: Terminator) {
  const terms = producer.of(row);
  if (by === 'shop' && !terms.termEnd) throw invalid('kind', TERMINATION_MESSAGES.termUnknown);
  return terms;
}

/**
 * Ends a contract on `endDate`: its units are held up to that day (free the
 * next), the history, the audit log and the producer's mail record it.
 */
async function endContract(
  tx: Executor,
  settings: SiteSettings,
  /** The admin who records it (audited), or null when the producer does it. */
  actor: Actor | null,
  row: ContractRow,
  end: {
    endDate: string;
    kind: 'vendor' | 'shop' | 'extraordinary';
    noticeDate: string | null;
    reason: string | null;
  },
  /** false: a preview, the mail is only rendered (the caller rolls back). */
  send = true,
): Promise<TerminationPreview> {
  // a settled month's figures never change (docs/decisions/0033)
  await refuseInClosedMonth(tx, end.endDate < row.startDate ? row.startDate : end.endDate);
  // ended before its start: storniert, no end date, its units never held
  const storno = end.endDate < row.startDate;
  await tx
    .update(contracts)
    .set({
      ...(storno ? { status: 'cancelled', endDate: null } : { endDate: end.endDate }),
      terminationKind: end.kind,
      terminationReason: end.reason,
      noticeGivenOn: end.noticeDate,
      updatedAt: clock.now(),
    })
    .where(eq(contracts.id, row.id));
  const units = storno
    ? await cancelHoldings(tx, row.id)
    : await endHoldings(tx, row.id, end.endDate);
  const who = {
    vendor: 'Kündigung durch den Direktvermarkter',
    shop: 'Kündigung durch den Laden',
    extraordinary: 'Außerordentliche Kündigung durch den Laden',
  }[end.kind];
  const summary = `${who}${end.noticeDate ? ` vom ${formatIsoDay(end.noticeDate)}` : ''} ${storno ? `vor dem Beginn am ${formatIsoDay(row.startDate)}: storniert` : `zum ${formatIsoDay(end.endDate)}`}${end.reason ? ` (${end.reason})` : ''}`;
  await tx.insert(contractEvents).values({
    contractId: row.id,
    action: `terminated.${end.kind}`,
    summary,
    actorName: actor?.name ?? 'Direktvermarkter',
    data: {
      endDate: end.endDate,
      noticeDate: end.noticeDate,
      reason: end.reason,
      units,
    },
  });
  await dropChangesAfter(
    tx,
    row.id,
    storno ? row.startDate : end.endDate,
    storno,
    actor?.name ?? 'Direktvermarkter',
  );
  if (actor) {
    await recordAudit(tx, actor, {
      action: 'contract.terminate',
      entity: 'contract',
      entityId: row.id,
      summary: `Vertrag ${row.number ?? ''}: ${summary}`,
      before: { endDate: null },
      after: end,
    });
  }
  const [vendor] = await vendorNamesOf(tx, [row.vendorId]);
  const answer = (await contractAnswers(tx, [row.vendorId], settings.openingDate)).find(
    (contract) => contract.id === row.id,
  )!;
  const draft = vendor
    ? contractTerminatedMail(settings, {
        name: vendor.name,
        number: row.number ?? '',
        units: answer.mietfaecher.map((unit) => unit.name),
        endDate: end.endDate,
        startDate: storno ? row.startDate : null,
        kind: end.kind,
        noticeDate: end.noticeDate,
        reason: end.reason,
      })
    : null;
  if (vendor && draft && send) {
    await enqueueMail(tx, {
      to: vendor.email,
      replyTo: settings.email,
      kind: 'contract-terminated',
      ...draft,
    });
  }
  return {
    endDate: storno ? null : end.endDate,
    storniert: storno,
    units: answer.mietfaecher.map((unit) => unit.name),
    mail: draft ? { to: vendor!.email, ...(await renderedText(tx, draft)) } : null,
  };
}

/** A mail as the producer will read it: the real template (the admin's version) with the real data. */
export async function renderedText(db: Executor, draft: MailDraft) {
  const { subject, text } = await renderDraft(db, draft);
  return { subject, text };
}

/** What a termination will do, shown before the admin confirms it. */
export interface TerminationPreview {
  /** The last day (null: storniert before its start). */
  endDate: string | null;
  storniert: boolean;
  /** The units it frees (from the day after the end). */
  units: string[];
  /** The mail the producer gets. */
  mail: { to: string; subject: string; text: string } | null;
}

/** Thrown to roll a preview's transaction back with its answer. */
class Rollback<T> extends Error {
  constructor(readonly value: T) {
    super('preview');
  }
}

/** Runs `work` in a transaction that is always rolled back: what it would do, nothing done. */
export async function dryRun<T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<T> {
  try {
    await transaction(db, async (tx) => {
      throw new Rollback(await work(tx));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.value as T;
    throw error;
  }
  throw new Error('a preview cannot commit');
}

/** The pair of calls of a termination: doing it (answers the contract's detail) and previewing it. */
function doneOrPreviewed<I, P>(
  /** the termination's work, run for real (committed, its mail sent) or as a preview */
  step: (
    settings: SiteSettings,
    actor: Actor,
    id: string,
    input: I,
    today: string,
    send: boolean,
  ) => (tx: Executor) => Promise<P>,
) {
  type Call = [settings: SiteSettings, actor: Actor, id: string, input: I, today?: string];
  return {
    async done(db: Database, ...[settings, actor, id, input, today = isoDayInBerlin()]: Call) {
      await transaction(db, step(settings, actor, id, input, today, true));
      return vertragDetail(db, settings.openingDate, id, today);
    },
    previewed(db: Database, ...[settings, actor, id, input, today = isoDayInBerlin()]: Call) {
      return dryRun(db, step(settings, actor, id, input, today, false));
    },
  };
}

function ordinaryNotice(
  settings: SiteSettings,
  actor: Actor,
  id: string,
  input: TerminateContractInput,
  today: string,
  send: boolean,
) {
  return async (tx: Executor) => {
    const { row, siblings } = await lockedContract(tx, id);
    const noticeDate = input.noticeDate ?? today;
    if (noticeDate > today) throw invalid('noticeDate', TERMINATION_MESSAGES.noticeInFuture);
    const producer = rentalTerms(settings.openingDate, siblings);
    const by: Terminator = input.kind === 'vendor' ? 'producer' : 'shop';
    const terms = noticeTerms(producer, row, by);
    const earliest = earliestEnd(terms, producer.freeMonth, noticeDate, by);
    // a producer's notice at once, received earlier and entered now, ends today
    const atOnceLate = by === 'producer' && earliest === noticeDate && noticeDate < today;
    const endDate = input.endDate ?? (atOnceLate ? today : earliest);
    if (
      !isAllowedEnd(terms, producer.freeMonth, noticeDate, endDate, by) &&
      !(atOnceLate && endDate === today)
    ) {
      throw invalid(
        'endDate',
        `Bei einer Kündigung am ${formatIsoDay(noticeDate)} endet der Vertrag frühestens am ${formatIsoDay(earliest)}${isMonthEnd(earliest) ? '; ein späteres Ende muss ein Monatsende sein' : ''}.${by === 'shop' ? ' Ein früheres Ende nur als außerordentliche Kündigung mit Grund.' : ''}`,
      );
    }
    if (endDate < today) throw invalid('endDate', TERMINATION_MESSAGES.endInPast);
    return endContract(
      tx,
      settings,
      actor,
      row,
      { endDate, kind: input.kind, noticeDate, reason: input.reason ?? null },
      send,
    );
  };
}

type ExtraordinaryInput = {
  endDate: string;
  ground?: ExtraordinaryGround | undefined;
  reason?: string | undefined;
};

function extraordinary(
  settings: SiteSettings,
  actor: Actor,
  id: string,
  input: ExtraordinaryInput,
  today: string,
  send: boolean,
) {
  return async (tx: Executor) => {
    const { row } = await lockedContract(tx, id);
    if (input.endDate < today) throw invalid('endDate', TERMINATION_MESSAGES.endInPast);
    return endContract(
      tx,
      settings,
      actor,
      row,
      {
        endDate: input.endDate,
        kind: 'extraordinary',
        noticeDate: today,
        reason: extraordinaryReason(input),
      },
      send,
    );
  };
}

const ordinary = doneOrPreviewed(ordinaryNotice);
/**
 * Records an ordinary notice by either side: the end is the earliest the notice rule allows (or
 * a later month end the admin chooses); previewTermination: what it would do (end date, units
 * freed, the mail), nothing done.
 */
export const terminateContract = ordinary.done;
export const previewTermination = ordinary.previewed;

const extraordinaryTermination = doneOrPreviewed(extraordinary);
/** Extraordinary termination by the shop: any day from today on, with a ground or reason. */
export const terminateExtraordinarily = extraordinaryTermination.done;
/** What an extraordinary termination would do, nothing done. */
export const previewExtraordinary = extraordinaryTermination.previewed;

/**
 * The producer gives notice on its own contract today: in the trial (or
 * before it began) it ends today, otherwise on the earliest end the notice
 * rule allows (shown to the producer before confirming).
 */
export async function vendorNotice(
  db: Database,
  settings: SiteSettings,
  vendorId: string,
  id: string,
  reason: string | undefined,
  today = isoDayInBerlin(),
) {
  // someone else's contract is "not found", whatever state it is in
  if (!isUuid(id)) throw new NotFoundError(TERMINATION_MESSAGES.notFound);
  const [owner] = await db
    .select({ vendorId: contracts.vendorId })
    .from(contracts)
    .where(eq(contracts.id, id));
  if (owner?.vendorId !== vendorId) throw new NotFoundError(TERMINATION_MESSAGES.notFound);
  await transaction(db, async (tx) => {
    const { row, siblings } = await lockedContract(tx, id);
    const producer = rentalTerms(settings.openingDate, siblings);
    const endDate = earliestEnd(producer.of(row), producer.freeMonth, today, 'producer');
    await endContract(tx, settings, null, row, {
      endDate,
      kind: 'vendor',
      noticeDate: today,
      reason: reason ?? null,
    });
  });
  const [answer] = (await contractAnswers(db, [vendorId], settings.openingDate, today)).filter(
    (contract) => contract.id === id,
  );
  const { bookingRequestId: _request, ...contract } = answer!;
  return contract;
}
