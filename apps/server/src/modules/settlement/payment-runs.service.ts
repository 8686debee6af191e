// Payment runs (Zahlungsläufe; issue 30, docs/decisions/0039): the positive, unpaid payouts
// of a final month that are in no run go into one SEPA file with a fixed message id and execution
// date, written once; downloaded, transferred, or discarded while never downloaded.
import { randomBytes } from 'node:crypto';
import { clock } from '@housnkuh/shared/clock';
import { addDays, isoDayInBerlin } from '@housnkuh/shared/format';
import { formatMonth } from '@housnkuh/shared/months';
import { isUuid } from '@housnkuh/shared/schemas/params';
import {
  PAYMENT_RUN_MESSAGES,
  type PaymentRunDetail,
  type PaymentRunState,
} from '@housnkuh/shared/schemas/payment-runs';
import { SETTLEMENT_MESSAGES } from '@housnkuh/shared/schemas/settlement';
import { isTarget2BusinessDay, nextTarget2BusinessDay } from '@housnkuh/shared/target2';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { transaction } from '../../db/transaction';
import { ConflictError, InvalidError, NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { getBillingSettings, sepaCreditTransfer, sepaText } from '../billing/public';
import { SettingsService } from '../content/public';
import { statementPayouts } from '../documents/public';
import { shopBillingBlockers } from './issue-documents';
import { monthOfPath } from './month';
import { describePayouts, lockSettlementMonth, openPayouts } from './payouts.service';
import { openItems, paymentRuns, payouts, settlementItems } from './schema';

type Run = typeof paymentRuns.$inferSelect;
type Payout = typeof payouts.$inferSelect;

export function runState(run: Run): PaymentRunState {
  if (run.discardedAt) return 'verworfen';
  if (run.transferredAt) return 'ueberwiesen';
  if (run.downloadedAt) return 'heruntergeladen';
  return 'angelegt';
}

const summary = (run: Run) => ({
  id: run.id,
  month: run.month,
  messageId: run.messageId,
  executionDate: run.executionDate,
  count: run.count,
  totalCents: run.totalCents,
  transferredAt: run.transferredAt ? run.transferredAt.toISOString() : null,
});

async function detail(db: Executor, run: Run): Promise<PaymentRunDetail> {
  const rows = await db
    .select()
    .from(payouts)
    .where(eq(payouts.runId, run.id))
    .orderBy(asc(payouts.statementNumber), asc(payouts.createdAt));
  return {
    ...summary(run),
    state: runState(run),
    createdAt: run.createdAt.toISOString(),
    createdBy: run.createdBy,
    downloadedAt: run.downloadedAt ? run.downloadedAt.toISOString() : null,
    discardedAt: run.discardedAt ? run.discardedAt.toISOString() : null,
    transferredOn: run.transferredOn,
    payouts: await describePayouts(db, rows),
  };
}

/** The requested execution date: the next TARGET2 business day after today, or a later one. */
function executionDateOf(requested: string | undefined): string {
  const earliest = nextTarget2BusinessDay(isoDayInBerlin());
  if (requested === undefined) return earliest;
  const field = (message: string) =>
    new InvalidError(message, [{ field: 'executionDate', message }]);
  if (requested < earliest) throw field(PAYMENT_RUN_MESSAGES.executionDateTooEarly(earliest));
  if (requested > addDays(isoDayInBerlin(), 365))
    throw field(PAYMENT_RUN_MESSAGES.executionDateTooLate);
  if (!isTarget2BusinessDay(requested))
    throw field(PAYMENT_RUN_MESSAGES.executionDateNoBusinessDay);
  return requested;
}

/**
 * Each payout checked against what its statement prints before it is paid (the SEPA file
 * trusts no amount the database could hold otherwise): per producer and month, the payouts not
 * returned less the open items equal the payout of the statement in force (a correction pays
 * the difference to what was paid or claimed before, so the sum is the statement's payout); a
 * payout is the statement's, or a returned transfer paid again at the same amount. Answers the
 * names of the producers that do not add up.
 */
async function mismatches(
  tx: Executor,
  candidates: readonly (Payout & { vendorName: string })[],
): Promise<string[]> {
  const keys = [...new Map(candidates.map((p) => [`${p.month}|${p.vendorId}`, p])).values()];
  const bad = new Set<string>();
  for (const { month, vendorId, vendorName } of keys) {
    const [item] = await tx
      .select()
      .from(settlementItems)
      .where(and(eq(settlementItems.month, month), eq(settlementItems.vendorId, vendorId)));
    const statementId =
      item?.status === 'final'
        ? item.documents.find((d) => d.type === 'verkaufsabrechnung')?.id
        : undefined;
    const [statement] = statementId ? await statementPayouts(tx, [statementId]) : [];
    const all = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.month, month), eq(payouts.vendorId, vendorId)));
    const owed = await tx
      .select({ amountCents: openItems.amountCents })
      .from(openItems)
      .where(and(eq(openItems.month, month), eq(openItems.vendorId, vendorId)));
    const paid = all.filter((p) => !p.returnedAt).reduce((sum, p) => sum + p.amountCents, 0);
    const claimed = owed.reduce((sum, o) => sum + o.amountCents, 0);
    const ownOk = candidates
      .filter((p) => p.month === month && p.vendorId === vendorId)
      .every((p) => {
        if (!p.replacesPayoutId) return p.statementDocumentId === statement?.id;
        const replaced = all.find((other) => other.id === p.replacesPayoutId);
        return replaced?.returnedAt != null && replaced.amountCents === p.amountCents;
      });
    if (!statement || paid - claimed !== statement.payoutCents || !ownOk) bad.add(vendorName);
  }
  return [...bad];
}

/** Writes a new run of every open payout of the month, in the caller's transaction. */
async function writeRun(
  tx: Executor,
  actor: Actor,
  month: string,
  executionDate: string,
): Promise<Run> {
  // the settings once for this run (the owner's name the documents were issued under)
  const missing = await shopBillingBlockers(tx, await new SettingsService(tx as Database).reload());
  if (missing.length > 0)
    throw new ConflictError(SETTLEMENT_MESSAGES.billingMissing(missing), missing);
  const open = await openPayouts(tx, month);
  if (open.length === 0) throw new ConflictError(PAYMENT_RUN_MESSAGES.noOpenPayouts);
  const described = await describePayouts(tx, open);
  const named = open.map((payout, i) => ({ ...payout, vendorName: described[i]!.vendorName }));
  const wrong = await mismatches(tx, named);
  if (wrong.length > 0) throw new ConflictError(PAYMENT_RUN_MESSAGES.amountMismatch(wrong));
  const noName = described.filter((p) => sepaText(p.payeeName, 70) === '' || p.payeeIban === '');
  if (noName.length > 0)
    throw new ConflictError(PAYMENT_RUN_MESSAGES.payeeNotSepa(noName.map((p) => p.vendorName)));

  const [{ n } = { n: 0 }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentRuns)
    .where(eq(paymentRuns.month, month));
  // fixed when the run is made; the random part keeps it unique across installations
  const messageId = `HK-${month}-${n + 1}-${randomBytes(4).toString('hex').toUpperCase()}`;
  const billing = await getBillingSettings(tx);
  if (sepaText(billing.kontoinhaber ?? '', 70) === '')
    throw new ConflictError(PAYMENT_RUN_MESSAGES.shopHolder);
  const createdAt = clock.now();
  const xml = sepaCreditTransfer({
    messageId,
    createdAt,
    debtor: { name: billing.kontoinhaber ?? '', iban: billing.iban!, bic: billing.bic },
    executionDate,
    payments: described.map((payout) => ({
      endToEndId: payout.replacesPayoutId
        ? `${payout.statementNumber ?? month}-${payout.id.slice(0, 8)}`
        : (payout.statementNumber ?? `${month}-${payout.id.slice(0, 8)}`),
      amountCents: payout.amountCents,
      creditorName: payout.payeeName,
      creditorIban: payout.payeeIban,
      reference: `Auszahlung ${formatMonth(month)} ${payout.statementNumber ?? ''}`.trim(),
    })),
  });
  const [run] = await tx
    .insert(paymentRuns)
    .values({
      month,
      messageId,
      executionDate,
      count: open.length,
      totalCents: open.reduce((sum, payout) => sum + payout.amountCents, 0),
      xml,
      createdAt,
      createdBy: actor.name,
    })
    .returning();
  const taken = await tx
    .update(payouts)
    .set({ runId: run!.id })
    .where(
      and(
        inArray(
          payouts.id,
          open.map((payout) => payout.id),
        ),
        isNull(payouts.runId),
        isNull(payouts.paidAt),
      ),
    )
    .returning({ id: payouts.id });
  // the month is locked: nobody else took one of them
  if (taken.length !== open.length) throw new Error('payment run: payouts taken meanwhile');
  await recordAudit(tx, actor, {
    action: 'settlement.run.create',
    entity: 'settlement',
    entityId: month,
    summary: `Zahlungslauf ${messageId} für ${formatMonth(month)} angelegt: ${open.length} Auszahlung(en), Ausführung am ${executionDate}`,
  });
  return run!;
}

/** Discards a run (never downloaded): its payouts are free for a later run. */
async function discard(tx: Executor, actor: Actor, run: Run, why: string) {
  await tx
    .update(paymentRuns)
    .set({ discardedAt: clock.now(), discardedBy: actor.name })
    .where(eq(paymentRuns.id, run.id));
  await tx.update(payouts).set({ runId: null }).where(eq(payouts.runId, run.id));
  await recordAudit(tx, actor, {
    action: 'settlement.run.discard',
    entity: 'settlement',
    entityId: run.month,
    summary: `Zahlungslauf ${run.messageId} verworfen (${why})`,
  });
}

/** A run never downloaded whose execution date has passed may not go to the bank any more. */
const expired = (run: Run) =>
  !run.downloadedAt && !run.discardedAt && run.executionDate < isoDayInBerlin();

/** Discards the month's runs never downloaded whose execution date has passed. */
async function discardExpired(tx: Executor, actor: Actor, month: string) {
  const runs = await tx
    .select()
    .from(paymentRuns)
    .where(
      and(
        eq(paymentRuns.month, month),
        isNull(paymentRuns.downloadedAt),
        isNull(paymentRuns.discardedAt),
        isNull(paymentRuns.transferredAt),
      ),
    );
  for (const run of runs.filter(expired))
    await discard(tx, actor, run, 'Ausführungsdatum vorbei, nie heruntergeladen');
}

async function finalMonth(tx: Executor, month: string) {
  const row = await lockSettlementMonth(tx, monthOfPath(month));
  if (row.status !== 'final') throw new ConflictError(SETTLEMENT_MESSAGES.notFinal);
  return row;
}

/** POST /api/admin/abrechnungen/:month/zahlungslauf */
export async function createPaymentRun(
  db: Executor,
  actor: Actor,
  month: string,
  requestedDate: string | undefined,
) {
  monthOfPath(month);
  const executionDate = executionDateOf(requestedDate);
  return transaction(db, async (tx) => {
    await finalMonth(tx, month);
    await discardExpired(tx, actor, month);
    return summary(await writeRun(tx, actor, month, executionDate));
  });
}

/** GET /api/admin/zahlungslaeufe?month=: the runs (newest first) and the payouts in none. */
export async function listPaymentRuns(db: Executor, month: string | undefined) {
  const runs = await db
    .select()
    .from(paymentRuns)
    .where(month ? eq(paymentRuns.month, month) : undefined)
    .orderBy(desc(paymentRuns.createdAt), desc(paymentRuns.messageId));
  const details = [];
  for (const run of runs) details.push(await detail(db, run));
  return { runs: details, open: await describePayouts(db, await openPayouts(db, month)) };
}

async function lockRun(tx: Executor, id: string): Promise<Run> {
  if (!isUuid(id)) throw new NotFoundError(PAYMENT_RUN_MESSAGES.runNotFound);
  const [found] = await tx
    .select({ month: paymentRuns.month })
    .from(paymentRuns)
    .where(eq(paymentRuns.id, id));
  if (!found) throw new NotFoundError(PAYMENT_RUN_MESSAGES.runNotFound);
  await lockSettlementMonth(tx, found.month);
  const [run] = await tx.select().from(paymentRuns).where(eq(paymentRuns.id, id)).for('update');
  return run!;
}

/** Marks the run downloaded (the first time) and answers its file, the same bytes every time. */
async function download(tx: Executor, actor: Actor, run: Run): Promise<string> {
  if (!run.downloadedAt) {
    await tx
      .update(paymentRuns)
      .set({ downloadedAt: clock.now() })
      .where(eq(paymentRuns.id, run.id));
    await recordAudit(tx, actor, {
      action: 'settlement.run.download',
      entity: 'settlement',
      entityId: run.month,
      summary: `SEPA-Datei des Zahlungslaufs ${run.messageId} heruntergeladen`,
    });
  }
  return run.xml;
}

/**
 * GET /api/admin/zahlungslaeufe/:id/sepa.xml. A discarded run has no file any more (409); a run
 * never downloaded whose execution date has passed is discarded now and its payouts freed (409:
 * create a new run).
 */
export async function paymentRunFile(db: Executor, actor: Actor, id: string) {
  const answer = await transaction(db, async (tx) => {
    const run = await lockRun(tx, id);
    if (run.discardedAt) throw new ConflictError(PAYMENT_RUN_MESSAGES.runDiscarded);
    if (expired(run)) {
      await discard(tx, actor, run, 'Ausführungsdatum vorbei, nie heruntergeladen');
      return { expiredOn: run.executionDate, xml: '', run: summary(run) };
    }
    return { expiredOn: null, xml: await download(tx, actor, run), run: summary(run) };
  });
  if (answer.expiredOn !== null)
    throw new ConflictError(PAYMENT_RUN_MESSAGES.runExpired(answer.expiredOn));
  return answer;
}

/** POST /api/admin/zahlungslaeufe/:id/discard: only while its file was never downloaded. */
export async function discardPaymentRun(db: Executor, actor: Actor, id: string) {
  return transaction(db, async (tx) => {
    const run = await lockRun(tx, id);
    if (run.discardedAt) throw new ConflictError(PAYMENT_RUN_MESSAGES.runDiscarded);
    if (run.transferredAt) throw new ConflictError(PAYMENT_RUN_MESSAGES.runTransferred);
    if (run.downloadedAt) throw new ConflictError(PAYMENT_RUN_MESSAGES.runDownloaded);
    const [paid] = await tx
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.runId, run.id), sql`${payouts.paidAt} is not null`))
      .limit(1);
    if (paid) throw new ConflictError(PAYMENT_RUN_MESSAGES.runHasPaid);
    await discard(tx, actor, run, `von ${actor.name}`);
    const [after] = await tx.select().from(paymentRuns).where(eq(paymentRuns.id, id));
    return detail(tx, after!);
  });
}

/**
 * POST /api/admin/zahlungslaeufe/:id/transferred: the bank carried the run out on
 * `transferredOn` (default today): its payouts are paid.
 */
export async function markRunTransferred(
  db: Executor,
  actor: Actor,
  id: string,
  transferredOn: string | undefined,
) {
  const day = transferredOn ?? isoDayInBerlin();
  const field = (message: string) =>
    new InvalidError(message, [{ field: 'transferredOn', message }]);
  if (day > isoDayInBerlin()) throw field(PAYMENT_RUN_MESSAGES.transferredOnFuture);
  return transaction(db, async (tx) => {
    const run = await lockRun(tx, id);
    if (run.discardedAt) throw new ConflictError(PAYMENT_RUN_MESSAGES.runDiscarded);
    if (run.transferredAt) throw new ConflictError(PAYMENT_RUN_MESSAGES.runTransferred);
    if (!run.downloadedAt) throw new ConflictError(PAYMENT_RUN_MESSAGES.runNotDownloaded);
    if (day < isoDayInBerlin(run.createdAt))
      throw field(PAYMENT_RUN_MESSAGES.transferredOnBeforeRun);
    const paid = await tx
      .update(payouts)
      .set({ paidAt: clock.now(), paidBy: actor.name })
      .where(and(eq(payouts.runId, run.id), isNull(payouts.paidAt)))
      .returning({ id: payouts.id });
    await tx
      .update(paymentRuns)
      .set({ transferredOn: day, transferredAt: clock.now(), transferredBy: actor.name })
      .where(eq(paymentRuns.id, run.id));
    await recordAudit(tx, actor, {
      action: 'settlement.run.transferred',
      entity: 'settlement',
      entityId: run.month,
      summary: `Zahlungslauf ${run.messageId} am ${day} überwiesen (${paid.length} Auszahlung(en) bezahlt)`,
    });
    const [after] = await tx.select().from(paymentRuns).where(eq(paymentRuns.id, id));
    return detail(tx, after!);
  });
}

/**
 * GET /api/admin/abrechnungen/:month/sepa.xml (clients rely on it): the file of the month's
 * newest run that is neither transferred nor discarded (the same bytes at every download; one
 * never downloaded whose execution date passed is discarded first); none: a new run of the open
 * payouts, made now; nothing left to pay: 409 "Keine offenen Auszahlungen".
 */
export async function sepaFileOfMonth(db: Executor, actor: Actor, month: string) {
  monthOfPath(month);
  return transaction(db, async (tx) => {
    await finalMonth(tx, month);
    const pending = await tx
      .select()
      .from(paymentRuns)
      .where(
        and(
          eq(paymentRuns.month, month),
          isNull(paymentRuns.transferredAt),
          isNull(paymentRuns.discardedAt),
        ),
      )
      .orderBy(desc(paymentRuns.createdAt), desc(paymentRuns.messageId))
      .for('update');
    await discardExpired(tx, actor, month);
    const newest = pending.find((run) => !expired(run));
    const run =
      newest ?? (await writeRun(tx, actor, month, nextTarget2BusinessDay(isoDayInBerlin())));
    return download(tx, actor, run);
  });
}
