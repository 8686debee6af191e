// The monthly settlement (issue 26, docs/decisions/0033): drafts per producer from the pure core
// (packages/shared/src/settlement.ts), manual lines, finalizing in one transaction (documents,
// settled sales lines, payouts, open items), payouts paid and open items.
import { clock } from '@housnkuh/shared/clock';
import { addDays, berlinInstant, firstOfNextMonth, isoDayInBerlin } from '@housnkuh/shared/format';
import { monthEnd } from '@housnkuh/shared/rental-terms';
import { isUuid } from '@housnkuh/shared/schemas/params';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import {
  SETTLEMENT_MESSAGES,
  type ManualLineInput,
  type RevenueMonth,
  type SettlementItem,
} from '@housnkuh/shared/schemas/settlement';
import { formatMonth } from '@housnkuh/shared/months';
import {
  settleMonth,
  type OpenItemIn,
  type Settlement,
  type SettlementSale,
} from '@housnkuh/shared/settlement';
import { vatRateOn, vatRatesInForce } from '@housnkuh/shared/vat';
import {
  and,
  asc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { transaction } from '../../db/transaction';
import { ConflictError, InvalidError, NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { closeMonth } from '../closing/public';
import { settlementContracts } from '../contracts/public';
import { salesForSettlement, type SettlementSalesLine } from '../sales/public';
import { billingPartiesOf, type BillingParty } from '../vendors/public';
import {
  issueDocuments,
  paymentTermDays,
  shopBillingBlockers,
  type IssuedDocument,
} from './documents-bridge';
import { countedForMonth } from './payouts.service';
import {
  openItems,
  payouts,
  settledSalesLines,
  settlementItems,
  settlementManualLines,
  settlementMonths,
} from './schema';

type Month = typeof settlementMonths.$inferSelect;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A month of the path: anything else is "not found" (like an id that cannot be ours). */
function monthOfPath(month: string): string {
  if (!MONTH.test(month)) throw new NotFoundError(SETTLEMENT_MESSAGES.notFound);
  return month;
}

const firstDay = (month: string) => `${month}-01`;
/** The first instant after the month (Berlin). */
const monthEndInstant = (month: string) =>
  berlinInstant(firstOfNextMonth(firstDay(month)), '00:00');

/** A sales line of the settlement: settled once its id is in settled_sales_lines. */
const isSettled = (lineId: SQLWrapper): SQL =>
  sql`exists (select 1 from ${settledSalesLines} where ${settledSalesLines.salesLineId} = ${lineId})`;

function saleOf(line: SettlementSalesLine): SettlementSale {
  return {
    id: line.id,
    receiptId: line.receiptId,
    position: line.position,
    soldAt: line.soldAt.toISOString(),
    soldOn: isoDayInBerlin(line.soldAt),
    articleText: line.articleText,
    quantityThousandths: line.quantityThousandths,
    unitPriceGrossCents: line.unitPriceGrossCents,
    vatRateBp: line.vatRateBp,
    grossCents: line.lineTotalGrossCents,
  };
}

/** What keeps a producer from being settled (German; empty: nothing). */
export function producerBlockers(party: BillingParty | undefined): string[] {
  const blockers: string[] = [];
  const blank = (value: string | null | undefined) => !value || value.trim() === '';
  if (!party || blank(party.taxStatus)) blockers.push(SETTLEMENT_MESSAGES.noTaxStatus);
  if (!party || blank(party.strasse) || blank(party.plz) || blank(party.ort))
    blockers.push(SETTLEMENT_MESSAGES.noAddress);
  if (!party || blank(party.iban) || blank(party.kontoinhaber))
    blockers.push(SETTLEMENT_MESSAGES.noBank);
  return blockers;
}

/** The open amounts a settlement of `month` offsets: earlier months', neither paid nor offset elsewhere. */
async function openItemsFor(tx: Executor, month: string, vendorIds?: readonly string[]) {
  return tx
    .select()
    .from(openItems)
    .where(
      and(
        isNull(openItems.paidAt),
        lt(openItems.month, month),
        or(isNull(openItems.offsetInMonth), eq(openItems.offsetInMonth, month)),
        vendorIds ? inArray(openItems.vendorId, [...vendorIds]) : undefined,
      ),
    )
    .orderBy(asc(openItems.month), asc(openItems.id));
}

/**
 * Recomputes the drafts of a month in the caller's transaction: every producer with a contract
 * day, unsettled sales up to the month's end, an open item or a manual line (a final month: only
 * its drafts left, the blocked ones). Final items never change.
 */
async function computeDrafts(tx: Executor, month: Month, openingDate: string | null) {
  const existing = await tx
    .select({ vendorId: settlementItems.vendorId, status: settlementItems.status })
    .from(settlementItems)
    .where(eq(settlementItems.month, month.month));
  const finalIds = new Set(existing.filter((i) => i.status === 'final').map((i) => i.vendorId));
  const onlyDrafts =
    month.status === 'final'
      ? existing.filter((i) => i.status === 'draft').map((i) => i.vendorId)
      : undefined;
  if (onlyDrafts && onlyDrafts.length === 0) return;

  const sales = (
    await salesForSettlement(tx, monthEndInstant(month.month), isSettled, onlyDrafts)
  ).filter((line) => !finalIds.has(line.vendorId));
  const open = await openItemsFor(tx, month.month, onlyDrafts);
  const manual = await tx
    .select()
    .from(settlementManualLines)
    .where(eq(settlementManualLines.month, month.month))
    .orderBy(asc(settlementManualLines.createdAt), asc(settlementManualLines.id));

  const candidates = new Set<string>([
    ...sales.map((line) => line.vendorId),
    ...open.map((item) => item.vendorId),
    ...manual.map((line) => line.vendorId),
  ]);
  const contracts = await settlementContracts(tx, month.month, openingDate, [...candidates]);
  const vendorIds = [...new Set([...contracts.keys(), ...candidates])].filter(
    (id) => !finalIds.has(id) && (!onlyDrafts || onlyDrafts.includes(id)),
  );
  const parties = new Map(
    (await billingPartiesOf(tx, vendorIds)).map((party) => [party.id, party]),
  );
  const shopVatRateBp = vatRateOn('standard', monthEnd(firstDay(month.month)));
  const byVendor = <T extends { vendorId: string }>(rows: readonly T[]) => {
    const map = new Map<string, T[]>();
    for (const row of rows) {
      const list = map.get(row.vendorId);
      if (list) list.push(row);
      else map.set(row.vendorId, [row]);
    }
    return map;
  };
  const salesOf = byVendor(sales);
  const openOf = byVendor(open);
  const manualOf = byVendor(manual);

  const rows = vendorIds
    .filter((vendorId) => parties.has(vendorId))
    .map((vendorId) => {
      const own = contracts.get(vendorId);
      const figures = settleMonth({
        month: month.month,
        freeMonth: own?.freeMonth ?? null,
        contracts: own?.contracts ?? [],
        sales: (salesOf.get(vendorId) ?? []).map(saleOf),
        manualLines: (manualOf.get(vendorId) ?? []).map((line) => ({
          id: line.id,
          text: line.text,
          // interim: the manual line's kind arrives with the settlement's rework (issue 30)
          grossCents: -line.grossCents,
          vatRateBp: line.vatRateBp ?? 0,
        })),
        openItems: (openOf.get(vendorId) ?? []).map((item): OpenItemIn => ({
          id: item.id,
          month: item.month,
          documentNumber: item.documentNumber,
          amountCents: item.amountCents,
        })),
        shopVatRateBp,
      });
      return {
        month: month.month,
        vendorId,
        status: 'draft',
        figures,
        blockers: producerBlockers(parties.get(vendorId)),
        computedAt: clock.now(),
      };
    });

  // drafts of producers that no longer have anything in the month go
  const keep = new Set(rows.map((row) => row.vendorId));
  const gone = existing
    .filter((item) => item.status === 'draft' && !keep.has(item.vendorId))
    .map((item) => item.vendorId);
  if (gone.length > 0)
    await tx
      .delete(settlementItems)
      .where(
        and(
          eq(settlementItems.month, month.month),
          eq(settlementItems.status, 'draft'),
          inArray(settlementItems.vendorId, gone),
        ),
      );
  for (let i = 0; i < rows.length; i += 500) {
    await tx
      .insert(settlementItems)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [settlementItems.month, settlementItems.vendorId],
        set: {
          figures: sql`excluded.figures`,
          blockers: sql`excluded.blockers`,
          computedAt: sql`excluded.computed_at`,
        },
        setWhere: sql`${settlementItems.status} = 'draft'`,
      });
  }
}

async function lockMonth(tx: Executor, month: string): Promise<Month> {
  const [row] = await tx
    .select()
    .from(settlementMonths)
    .where(eq(settlementMonths.month, month))
    .for('update');
  if (!row) throw new NotFoundError(SETTLEMENT_MESSAGES.notFound);
  return row;
}

/**
 * POST /api/admin/abrechnungen: opens a month (or recomputes its drafts). Refused while the
 * shop has no opening date, for a month not over yet, and for one that ended before the opening.
 */
export async function openSettlementMonth(
  db: Executor,
  actor: Actor,
  month: string,
  openingDate: string | null,
) {
  if (!openingDate) throw new ConflictError(SETTLEMENT_MESSAGES.noOpeningDate);
  if (firstOfNextMonth(firstDay(month)) > isoDayInBerlin())
    throw new ConflictError(SETTLEMENT_MESSAGES.monthNotOver);
  if (monthEnd(firstDay(month)) < openingDate)
    throw new ConflictError(SETTLEMENT_MESSAGES.monthBeforeOpening);
  await transaction(db, async (tx) => {
    const [created] = await tx
      .insert(settlementMonths)
      .values({ month })
      .onConflictDoNothing()
      .returning();
    const row = await lockMonth(tx, month);
    await computeDrafts(tx, row, openingDate);
    if (created)
      await recordAudit(tx, actor, {
        action: 'settlement.create',
        entity: 'settlement',
        entityId: month,
        summary: `Abrechnung ${formatMonth(month)} begonnen`,
      });
  });
  return settlementOfMonth(db, month);
}

/** POST /api/admin/abrechnungen/:month/recompute */
export async function recomputeMonth(db: Executor, month: string, openingDate: string | null) {
  monthOfPath(month);
  await transaction(db, async (tx) => computeDrafts(tx, await lockMonth(tx, month), openingDate));
  return settlementOfMonth(db, month);
}

/** GET /api/admin/abrechnungen?month=: the month with one item per producer. */
export async function settlementOfMonth(db: Executor, month: string) {
  const [row] = await db.select().from(settlementMonths).where(eq(settlementMonths.month, month));
  if (!row) throw new NotFoundError(SETTLEMENT_MESSAGES.notFound);
  const items = await db.select().from(settlementItems).where(eq(settlementItems.month, month));
  const names = new Map(
    (
      await billingPartiesOf(
        db,
        items.map((item) => item.vendorId),
      )
    ).map((party) => [party.id, party.unternehmen || party.name]),
  );
  const manual = await db
    .select()
    .from(settlementManualLines)
    .where(eq(settlementManualLines.month, month))
    .orderBy(asc(settlementManualLines.createdAt), asc(settlementManualLines.id));
  const paidAt = new Map(
    (await db.select().from(payouts).where(eq(payouts.month, month))).map((payout) => [
      payout.vendorId,
      payout.paidAt ? payout.paidAt.toISOString() : null,
    ]),
  );
  const answer: SettlementItem[] = items.map((item) => {
    const figures = item.figures as Settlement;
    return {
      vendorId: item.vendorId,
      vendorName: names.get(item.vendorId) ?? '',
      status: item.status as 'draft' | 'final',
      salesGrossCents: figures.sales.grossCents,
      commissionNetCents: figures.commission.netCents,
      commissionVatCents: figures.commission.vatCents,
      commissionGrossCents: figures.commission.grossCents,
      rentGrossCents: figures.rentGrossCents,
      manualCents: figures.manualCents,
      openItemsCents: figures.openItemsCents,
      payoutCents: figures.payoutCents,
      payoutPaidAt: paidAt.get(item.vendorId) ?? null,
      blockers: item.blockers as string[],
      manualLines: manual
        .filter((line) => line.vendorId === item.vendorId)
        .map(({ id, text, grossCents, vatRateBp }) => ({
          id,
          text,
          grossCents: -grossCents,
          vatRateBp: vatRateBp ?? 0,
        })),
    };
  });
  answer.sort(
    (a, b) =>
      a.vendorName.localeCompare(b.vendorName, 'de') || a.vendorId.localeCompare(b.vendorId),
  );
  return { month, status: row.status as 'draft' | 'final', items: answer };
}

/** The figures of one producer's settlement of a month (documents, the admin's detail). */
export async function settlementFigures(
  db: Executor,
  month: string,
  vendorId: string,
): Promise<{ status: string; figures: Settlement } | undefined> {
  if (!isUuid(vendorId)) return undefined;
  const [item] = await db
    .select()
    .from(settlementItems)
    .where(and(eq(settlementItems.month, month), eq(settlementItems.vendorId, vendorId)));
  return item ? { status: item.status, figures: item.figures as Settlement } : undefined;
}

async function draftItem(tx: Executor, month: string, vendorId: string) {
  if (!isUuid(vendorId))
    throw new InvalidError(SETTLEMENT_MESSAGES.noDraft, [
      { field: 'vendorId', message: SETTLEMENT_MESSAGES.noDraft },
    ]);
  const [item] = await tx
    .select({ status: settlementItems.status })
    .from(settlementItems)
    .where(and(eq(settlementItems.month, month), eq(settlementItems.vendorId, vendorId)));
  if (!item)
    throw new InvalidError(SETTLEMENT_MESSAGES.noDraft, [
      { field: 'vendorId', message: SETTLEMENT_MESSAGES.noDraft },
    ]);
  if (item.status !== 'draft') throw new ConflictError(SETTLEMENT_MESSAGES.itemFinal);
}

/** POST /api/admin/abrechnungen/:month/manual-lines: a line on a producer's draft. */
export async function addManualLine(
  db: Executor,
  actor: Actor,
  month: string,
  input: ManualLineInput,
  openingDate: string | null,
) {
  monthOfPath(month);
  if (!vatRatesInForce(monthEnd(firstDay(month))).includes(input.vatRateBp))
    throw new InvalidError(SETTLEMENT_MESSAGES.vatRate, [
      { field: 'vatRateBp', message: SETTLEMENT_MESSAGES.vatRate },
    ]);
  return transaction(db, async (tx) => {
    const row = await lockMonth(tx, month);
    await draftItem(tx, month, input.vendorId);
    const [line] = await tx
      .insert(settlementManualLines)
      .values({ month, ...input, grossCents: -input.grossCents, createdBy: actor.name })
      .returning();
    await computeDrafts(tx, row, openingDate);
    await recordAudit(tx, actor, {
      action: 'settlement.manual-line.add',
      entity: 'settlement',
      entityId: month,
      summary: `Position „${input.text}“ zur Abrechnung ${formatMonth(month)} hinzugefügt`,
      after: { vendorId: input.vendorId, grossCents: input.grossCents, vatRateBp: input.vatRateBp },
    });
    return {
      id: line!.id,
      text: line!.text,
      grossCents: -line!.grossCents,
      vatRateBp: line!.vatRateBp ?? 0,
    };
  });
}

/** DELETE /api/admin/abrechnungen/:month/manual-lines/:id (drafts only). */
export async function deleteManualLine(
  db: Executor,
  actor: Actor,
  month: string,
  id: string,
  openingDate: string | null,
) {
  monthOfPath(month);
  if (!isUuid(id)) throw new NotFoundError(SETTLEMENT_MESSAGES.manualLineNotFound);
  await transaction(db, async (tx) => {
    const row = await lockMonth(tx, month);
    const [line] = await tx
      .select()
      .from(settlementManualLines)
      .where(and(eq(settlementManualLines.id, id), eq(settlementManualLines.month, month)));
    if (!line) throw new NotFoundError(SETTLEMENT_MESSAGES.manualLineNotFound);
    await draftItem(tx, month, line.vendorId);
    await tx.delete(settlementManualLines).where(eq(settlementManualLines.id, id));
    await computeDrafts(tx, row, openingDate);
    await recordAudit(tx, actor, {
      action: 'settlement.manual-line.delete',
      entity: 'settlement',
      entityId: month,
      summary: `Position „${line.text}“ aus der Abrechnung ${formatMonth(month)} entfernt`,
      before: { vendorId: line.vendorId, grossCents: line.grossCents, vatRateBp: line.vatRateBp },
    });
  });
}

async function documentsOfMonth(db: Executor, month: string): Promise<IssuedDocument[]> {
  const items = await db
    .select({ documents: settlementItems.documents })
    .from(settlementItems)
    .where(and(eq(settlementItems.month, month), eq(settlementItems.status, 'final')))
    .orderBy(asc(settlementItems.finalizedAt), asc(settlementItems.vendorId));
  return items.flatMap((item) => item.documents as IssuedDocument[]);
}

/**
 * POST /api/admin/abrechnungen/:month/finalize: refused, naming what is missing, while the shop's
 * billing data is incomplete. In one transaction: the drafts recomputed, every producer without
 * blockers settled (documents issued, sales lines recorded, payout or open item written, the
 * open items it offsets marked), the month final and closed. Blocked producers stay drafts; a
 * later call settles them once fixed; a call with nothing left changes nothing and answers the
 * month's documents.
 */
export async function finalizeMonth(
  db: Executor,
  actor: Actor,
  month: string,
  settings: SiteSettings,
) {
  monthOfPath(month);
  const openingDate = settings.openingDate;
  return transaction(db, async (tx) => {
    const row = await lockMonth(tx, month);
    const missing = await shopBillingBlockers(tx);
    if (missing.length > 0)
      throw new ConflictError(SETTLEMENT_MESSAGES.billingMissing(missing), missing);
    await computeDrafts(tx, row, openingDate);
    const drafts = await tx
      .select()
      .from(settlementItems)
      .where(and(eq(settlementItems.month, month), eq(settlementItems.status, 'draft')))
      .orderBy(asc(settlementItems.vendorId));
    const ready = drafts.filter((item) => (item.blockers as string[]).length === 0);
    const blocked = drafts
      .filter((item) => (item.blockers as string[]).length > 0)
      .map((item) => ({ vendorId: item.vendorId, blockers: item.blockers as string[] }));

    if (ready.length > 0) {
      const issuedOn = isoDayInBerlin();
      const parties = new Map(
        (
          await billingPartiesOf(
            tx,
            ready.map((item) => item.vendorId),
          )
        ).map((party) => [party.id, party]),
      );
      const documents = await issueDocuments(
        tx,
        ready.map((item) => ({
          vendorId: item.vendorId,
          month,
          settlement: item.figures as Settlement,
          producer: parties.get(item.vendorId)!,
        })),
        issuedOn,
        settings,
      );
      const dueOn = addDays(issuedOn, await paymentTermDays(tx));
      for (const item of ready) {
        const figures = item.figures as Settlement;
        const own = documents.filter((document) => document.vendorId === item.vendorId);
        const statement = own.find((document) => document.type === 'verkaufsabrechnung');
        const lineIds = figures.sales.lines.map((line) => line.id);
        for (let i = 0; i < lineIds.length; i += 1000)
          await tx.insert(settledSalesLines).values(
            lineIds.slice(i, i + 1000).map((salesLineId) => ({
              salesLineId,
              month,
              vendorId: item.vendorId,
            })),
          );
        if (figures.openItems.length > 0)
          await tx
            .update(openItems)
            .set({ offsetInMonth: month })
            .where(
              and(
                inArray(
                  openItems.id,
                  figures.openItems.map((open) => open.id),
                ),
                isNull(openItems.paidAt),
              ),
            );
        // a reissued statement pays or claims only the difference to what moved before (runs)
        const difference = figures.payoutCents - (await countedForMonth(tx, month, item.vendorId));
        if (difference > 0)
          await tx.insert(payouts).values({
            month,
            vendorId: item.vendorId,
            amountCents: difference,
            statementDocumentId: statement?.id ?? null,
            statementNumber: statement?.number ?? null,
            payeeName: parties.get(item.vendorId)!.kontoinhaber,
            payeeIban: parties.get(item.vendorId)!.iban,
          });
        else if (difference < 0)
          await tx.insert(openItems).values({
            vendorId: item.vendorId,
            month,
            amountCents: -difference,
            dueOn,
            documentNumber: statement?.number ?? null,
          });
        await tx
          .update(settlementItems)
          .set({ status: 'final', documents: own, finalizedAt: clock.now() })
          .where(
            and(eq(settlementItems.month, month), eq(settlementItems.vendorId, item.vendorId)),
          );
      }
    }
    if (row.status !== 'final' || ready.length > 0) {
      await tx
        .update(settlementMonths)
        .set({
          status: 'final',
          finalizedAt: row.finalizedAt ?? clock.now(),
          finalizedBy: row.finalizedBy ?? actor.name,
        })
        .where(eq(settlementMonths.month, month));
      await closeMonth(tx, month);
      await recordAudit(tx, actor, {
        action: 'settlement.finalize',
        entity: 'settlement',
        entityId: month,
        summary: `Abrechnung ${formatMonth(month)} abgeschlossen (${ready.length} Direktvermarkter${blocked.length ? `, ${blocked.length} blockiert` : ''})`,
      });
    }
    return { documents: await documentsOfMonth(tx, month), blocked };
  });
}

/** GET /api/admin/open-items */
export async function listOpenItems(db: Executor, state: 'open' | 'all') {
  const rows = await db
    .select()
    .from(openItems)
    .where(
      state === 'open' ? and(isNull(openItems.paidAt), isNull(openItems.offsetInMonth)) : undefined,
    )
    .orderBy(asc(openItems.dueOn), asc(openItems.id));
  const names = new Map(
    (
      await billingPartiesOf(
        db,
        rows.map((row) => row.vendorId),
      )
    ).map((party) => [party.id, party.unternehmen || party.name]),
  );
  return rows.map((row) => ({
    id: row.id,
    vendorId: row.vendorId,
    vendorName: names.get(row.vendorId) ?? '',
    month: row.month,
    amountCents: row.amountCents,
    dueOn: row.dueOn,
    documentNumber: row.documentNumber,
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    offsetInMonth: row.offsetInMonth,
  }));
}

/** POST /api/admin/open-items/:id/paid: the producer paid what it owed. */
export async function markOpenItemPaid(db: Executor, actor: Actor, id: string) {
  if (!isUuid(id)) throw new NotFoundError(SETTLEMENT_MESSAGES.openItemNotFound);
  await transaction(db, async (tx) => {
    const [item] = await tx.select().from(openItems).where(eq(openItems.id, id)).for('update');
    if (!item) throw new NotFoundError(SETTLEMENT_MESSAGES.openItemNotFound);
    if (item.paidAt) throw new ConflictError(SETTLEMENT_MESSAGES.openItemPaid);
    // offset only by a final settlement (finalizeMonth): settled there
    if (item.offsetInMonth) throw new ConflictError(SETTLEMENT_MESSAGES.openItemOffset);
    await tx
      .update(openItems)
      .set({ paidAt: clock.now(), paidBy: actor.name })
      .where(eq(openItems.id, id));
    await recordAudit(tx, actor, {
      action: 'settlement.open-item.paid',
      entity: 'settlement',
      entityId: id,
      summary: `Offener Posten aus ${formatMonth(item.month)} als bezahlt markiert`,
    });
  });
}

/**
 * The demo removal's check (DEMO_REMOVAL_CHECKS of the users module): demo producers with a final
 * settlement, a payout or an open item stay; they are the shop's records.
 */
export async function demoRemovalSettlementCheck(
  db: Executor,
  vendorIds: readonly string[],
): Promise<string[]> {
  if (vendorIds.length === 0) return [];
  const ids = [...vendorIds];
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${settlementItems.vendorId})::int` })
    .from(settlementItems)
    .where(
      // payouts and open items come only from final items
      and(inArray(settlementItems.vendorId, ids), eq(settlementItems.status, 'final')),
    );
  const n = row?.n ?? 0;
  return n > 0 ? [SETTLEMENT_MESSAGES.demoBlocked(n)] : [];
}

/**
 * GET /api/admin/revenue: per month of the range the settlement's figures summed over the
 * producers: of the final settlements once the month is final (its blocked drafts not counted),
 * of the drafts while it is a draft; a month not begun is "none" with zeros.
 */
export async function revenueByMonth(db: Executor, from: string, to: string) {
  const months = await db
    .select()
    .from(settlementMonths)
    .where(and(gte(settlementMonths.month, from), lte(settlementMonths.month, to)));
  const items = await db
    .select({
      month: settlementItems.month,
      status: settlementItems.status,
      figures: settlementItems.figures,
    })
    .from(settlementItems)
    .where(and(gte(settlementItems.month, from), lte(settlementItems.month, to)));
  const statusOf = new Map(months.map((row) => [row.month, row.status as 'draft' | 'final']));
  const answer: Omit<RevenueMonth, 'occupancy'>[] = [];
  for (let month = from; month <= to; month = firstOfNextMonth(firstDay(month)).slice(0, 7)) {
    const status: 'none' | 'draft' | 'final' = statusOf.get(month) ?? 'none';
    const counted = items
      .filter((item) => item.month === month && (status !== 'final' || item.status === 'final'))
      .map((item) => item.figures as Settlement);
    const total = (of: (figures: Settlement) => number) =>
      counted.reduce((sum, figures) => sum + of(figures), 0);
    answer.push({
      month,
      status,
      producers: counted.length,
      salesGrossCents: total((f) => f.sales.grossCents),
      commissionNetCents: total((f) => f.commission.netCents),
      commissionGrossCents: total((f) => f.commission.grossCents),
      rentGrossCents: total((f) => f.rentGrossCents),
      // figures stored before the services were told apart have none
      servicesGrossCents: total((f) => f.servicesGrossCents ?? 0),
      invoicedNetCents: total((f) => f.invoice.netCents),
      payoutsCents: total((f) => Math.max(f.payoutCents, 0)),
      openItemsCents: total((f) => Math.max(-f.payoutCents, 0)),
    });
  }
  return answer;
}
