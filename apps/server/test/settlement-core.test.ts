import { clock } from '@housnkuh/shared/clock';
import { berlinInstant } from '@housnkuh/shared/format';
import { SETTLEMENT_MESSAGES } from '@housnkuh/shared/schemas/settlement';
import type { Settlement } from '@housnkuh/shared/settlement';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingSettings } from '../src/modules/billing/schema';
import { documents } from '../src/modules/documents/schema';
import { salesLines } from '../src/modules/sales/schema';
import {
  openItems,
  payouts,
  settlementItems,
  settlementManualLines,
} from '../src/modules/settlement/schema';
import { vendors } from '../src/modules/vendors/schema';
import { TEST_PASSWORD } from '@housnkuh/test-support/registration';
import { producer } from './documents-fixtures';
import { bearerSender, createTestApp, refusal, signedInAdmin, type TestApp } from './helpers';

// The settlement's core (issue 30, docs/decisions/0038): months in order from "Abrechnung
// ab", Nachträge, blocked producers whose later months wait, a producer whose settling fails
// listed as blocked, sums past 2^31 cents, the settlement-wide lock, and the database's
// transitions of open items, settlement items and manual lines. Producers and sales lines are
// written directly (no contracts: these producers have sales only, at the fallback 4 %).

let token = '';
/** The clock on `day`; a fresh admin session (sessions last 8 hours, the clock jumps months). */
const at = async (day: string) => {
  clock.set(berlinInstant(day, '10:00'));
  if (!t) return;
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'eva', password: TEST_PASSWORD },
  });
  token = login.json().token as string;
};
clock.set(berlinInstant('2026-11-03', '10:00'));
afterAll(() => clock.reset());

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: { rateLimits: { global: 10_000, forms: 1000, login: 1000, sensitive: 1000 } },
  });
  token = await signedInAdmin(t);
  await t.app.settings.update({
    openingDate: '2026-07-01',
    // the invoices name the owner (§ 14 Abs. 4 Nr. 1 UStG): no finalize without
    phone: '09261 123456',
    legal: { ...(await t.app.settings.get()).legal, ownerName: 'Eva Muster' },
  });
  // earlier months were settled elsewhere: this system settles from September 2026
  await t.database.db.insert(billingSettings).values({
    id: 1,
    steuernummer: '218/123/45678',
    iban: 'DE89370400440532013000',
    kontoinhaber: 'Eva Muster',
    abrechnungAb: '2026-09',
  });
});
afterAll(async () => {
  await t?.close();
});

const call = bearerSender(
  () => t,
  () => token,
);

let receipt = 0;
async function sold(vendorId: string, day: string, grossCents: number, quantity = 1) {
  receipt += 1;
  await t.database.db.insert(salesLines).values({
    receiptId: `CORE-${receipt}`,
    position: 1,
    soldAt: berlinInstant(day, '11:00'),
    ean: '2000000000015',
    articleText: 'Honig',
    quantityThousandths: quantity * 1000,
    unitPriceGrossCents: grossCents / quantity,
    vatRateBp: 700,
    lineTotalGrossCents: grossCents,
    vendorId,
    source: 'csv',
    raw: `CORE-${receipt};1`,
  });
}

/** A statement tried in a transaction that is always rolled back: the refusal, or 'not refused'. */
async function tried(query: SQL): Promise<string> {
  const answer = await refusal(
    t.database.db.transaction(async (tx) => {
      await tx.execute(query);
      throw new Error('ROLLBACK');
    }),
  );
  return answer.startsWith('ROLLBACK') ? 'not refused' : answer;
}

const itemOf = (body: { items: { vendorId: string }[] }, vendorId: string) =>
  body.items.find((item) => item.vendorId === vendorId) as Record<string, unknown> | undefined;

let anna = '';
let bernd = '';

describe('months in order', () => {
  it('from "Abrechnung ab": earlier months are not settled here, their lines not pulled in', async () => {
    anna = (await producer(t.database.db, 'Anna Anfang')).id;
    bernd = (await producer(t.database.db, 'Bernd Blockiert')).id;
    // an August line: settled elsewhere (before Abrechnung ab)
    await sold(anna, '2026-08-20', 700);
    await sold(anna, '2026-09-10', 1000);
    await sold(bernd, '2026-09-12', 2000);
    await sold(anna, '2026-10-05', 3000);
    await sold(bernd, '2026-10-06', 4000);

    const august = await call('POST', '/api/admin/abrechnungen', { month: '2026-08' });
    expect(august.statusCode).toBe(409);
    expect(august.json().message).toBe(SETTLEMENT_MESSAGES.beforeFirstMonth('September 2026'));

    const october = await call('POST', '/api/admin/abrechnungen', { month: '2026-10' });
    expect(october.statusCode).toBe(409);
    expect(october.json().message).toBe('Bitte zuerst September 2026 abrechnen');

    const september = await call('POST', '/api/admin/abrechnungen', { month: '2026-09' });
    expect(september.statusCode, september.body).toBe(200);
    expect(itemOf(september.json(), anna)).toMatchObject({ salesGrossCents: 1000 });
  });

  it('a final month stays final while a producer in it is blocked; only its later months wait', async () => {
    await t.database.db.update(vendors).set({ iban: null }).where(eq(vendors.id, bernd));
    const september = await call('POST', '/api/admin/abrechnungen/2026-09/finalize');
    expect(september.statusCode, september.body).toBe(200);
    expect(september.json().blocked).toEqual([
      { vendorId: bernd, blockers: [SETTLEMENT_MESSAGES.noBank] },
    ]);
    expect((await call('GET', '/api/admin/abrechnungen?month=2026-09')).json().status).toBe(
      'final',
    );

    // October may be drafted: September is final
    const october = await call('POST', '/api/admin/abrechnungen', { month: '2026-10' });
    expect(october.statusCode, october.body).toBe(200);
    expect(itemOf(october.json(), anna)).toMatchObject({ salesGrossCents: 3000, blockers: [] });
    // Bernd waits for September: only October's own lines, and a blocker naming September
    expect(itemOf(october.json(), bernd)).toMatchObject({
      salesGrossCents: 4000,
      blockers: [
        SETTLEMENT_MESSAGES.earlierMonthOpen('September 2026'),
        SETTLEMENT_MESSAGES.noBank,
      ],
    });

    // recomputed with nothing changed: the same fingerprint, the row is not written again
    const annasDraft = async () =>
      (
        await t.database.db
          .select()
          .from(settlementItems)
          .where(and(eq(settlementItems.month, '2026-10'), eq(settlementItems.vendorId, anna)))
      )[0]!;
    const before = await annasDraft();
    expect(before.fingerprint).toMatch(/^[\w-]{43}$/);
    await call('POST', '/api/admin/abrechnungen/2026-10/recompute');
    expect((await annasDraft()).fingerprint).toBe(before.fingerprint);

    // a late September line of Anna (September is final for her): a Nachtrag in October
    await sold(anna, '2026-09-29', 500);
    const recomputed = await call('POST', '/api/admin/abrechnungen/2026-10/recompute');
    expect(itemOf(recomputed.json(), anna)).toMatchObject({ salesGrossCents: 3500 });
    const annaOctober = await annasDraft();
    expect(annaOctober.fingerprint).not.toBe(before.fingerprint);
    const lines = (annaOctober!.figures as Settlement).sales.lines;
    expect(lines.map((line) => [line.soldOn, Boolean(line.late)])).toEqual([
      ['2026-09-29', true],
      ['2026-10-05', false],
    ]);

    // a refund for Anna's October (no supply: statement only)
    const refund = await call('POST', '/api/admin/abrechnungen/2026-10/manual-lines', {
      vendorId: anna,
      kind: 'refund',
      text: 'Erstattung fehlende Ware (AGB § 8)',
      grossCents: 500,
    });
    expect(refund.statusCode, refund.body).toBe(200);

    // Bernd fixed: settled in September with September's line; then October without the blocker
    await t.database.db
      .update(vendors)
      .set({ iban: 'DE89370400440532013000' })
      .where(eq(vendors.id, bernd));
    const again = await call('POST', '/api/admin/abrechnungen/2026-09/finalize');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().blocked).toEqual([]);
    const septemberAfter = (await call('GET', '/api/admin/abrechnungen?month=2026-09')).json();
    expect(itemOf(septemberAfter, bernd)).toMatchObject({ status: 'final', salesGrossCents: 2000 });
    const octoberAfter = (await call('POST', '/api/admin/abrechnungen/2026-10/recompute')).json();
    expect(itemOf(octoberAfter, bernd)).toMatchObject({ salesGrossCents: 4000, blockers: [] });
  });

  it('a producer whose settling fails is listed as blocked; the others are settled', async () => {
    // the documents of Bernd's October cannot be written (a fault in the database)
    const db = t.database.db;
    await db.execute(
      sql.raw(`CREATE FUNCTION core_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.vendor_id = '${bernd}' THEN RAISE EXCEPTION 'kaputt'; END IF;
        RETURN NEW;
      END; $$`),
    );
    await db.execute(
      sql.raw(
        'CREATE TRIGGER core_test_fail BEFORE INSERT ON documents FOR EACH ROW EXECUTE FUNCTION core_test_fail()',
      ),
    );
    try {
      const october = await call('POST', '/api/admin/abrechnungen/2026-10/finalize');
      expect(october.statusCode, october.body).toBe(200);
      expect(october.json().blocked).toEqual([
        { vendorId: bernd, blockers: [SETTLEMENT_MESSAGES.settleFailed] },
      ]);
      expect(
        october.json().documents.map((document: { vendorId: string }) => document.vendorId),
      ).toEqual([anna, anna]);
      const listed = (await call('GET', '/api/admin/abrechnungen?month=2026-10')).json();
      expect(listed.status).toBe('final');
      expect(itemOf(listed, bernd)).toMatchObject({
        status: 'draft',
        blockers: [SETTLEMENT_MESSAGES.settleFailed],
      });
      // nothing of Bernd's was written: no documents, no payout
      expect(await db.select().from(documents).where(eq(documents.vendorId, bernd))).toHaveLength(
        2,
      );
      expect(
        await db
          .select()
          .from(payouts)
          .where(and(eq(payouts.vendorId, bernd), eq(payouts.month, '2026-10'))),
      ).toEqual([]);
    } finally {
      await db.execute(sql.raw('DROP TRIGGER core_test_fail ON documents'));
      await db.execute(sql.raw('DROP FUNCTION core_test_fail()'));
    }
    // recomputed once the fault is gone, the draft loses that blocker (its figures are the same)
    const redrafted = (await call('POST', '/api/admin/abrechnungen/2026-10/recompute')).json();
    expect(itemOf(redrafted, bernd)).toMatchObject({ status: 'draft', blockers: [] });
    const fixed = await call('POST', '/api/admin/abrechnungen/2026-10/finalize');
    expect(fixed.json().blocked).toEqual([]);
    // the payout is written with the payee as printed on the statement
    const [payout] = await db
      .select()
      .from(payouts)
      .where(and(eq(payouts.vendorId, bernd), eq(payouts.month, '2026-10')));
    expect(payout).toMatchObject({
      amountCents: 4000 - 160 - 30,
      payeeName: 'Bernd Blockiert',
      payeeIban: 'DE89370400440532013000',
      statementNumber: expect.stringMatching(/^VA-2026-/),
    });
  });

  it('a corrected statement pays or claims only the difference to what already moved', async () => {
    const db = t.database.db;
    // Bernd's October payout (38,10 €) was transferred
    const paid = await call('POST', '/api/admin/abrechnungen/2026-10/payouts/paid', {
      vendorIds: [bernd],
    });
    expect(paid.json()).toEqual({ success: true, paid: 1 });
    // reopened for a correction (as a cancellation does: the item back to a draft, its lines
    // released) and charged 10,00 € more: the new statement's payout is 28,10 €
    await db.execute(
      sql`update settlement_items set status = 'draft', documents = '[]', finalized_at = null where month = '2026-10' and vendor_id = ${bernd}`,
    );
    await db.execute(
      sql`delete from settled_sales_lines where month = '2026-10' and vendor_id = ${bernd}`,
    );
    const charge = await call('POST', '/api/admin/abrechnungen/2026-10/manual-lines', {
      vendorId: bernd,
      kind: 'charge',
      text: 'Reinigung Kühlfach',
      grossCents: 1000,
      vatRateBp: 1900,
    });
    expect(charge.statusCode, charge.body).toBe(200);
    const corrected = await call('POST', '/api/admin/abrechnungen/2026-10/finalize');
    expect(corrected.statusCode, corrected.body).toBe(200);
    const listed = (await call('GET', '/api/admin/abrechnungen?month=2026-10')).json();
    expect(itemOf(listed, bernd)).toMatchObject({ status: 'final', payoutCents: 2810 });
    // 38,10 € moved already: no second payout, 10,00 € owed
    const own = await db
      .select()
      .from(payouts)
      .where(and(eq(payouts.vendorId, bernd), eq(payouts.month, '2026-10')));
    expect(own.map((row) => row.amountCents)).toEqual([3810]);
    const owed = await db
      .select()
      .from(openItems)
      .where(and(eq(openItems.vendorId, bernd), eq(openItems.month, '2026-10')));
    expect(owed).toEqual([
      expect.objectContaining({
        amountCents: 1000,
        documentNumber: expect.stringMatching(/^VA-2026-/),
      }),
    ]);
    // it would be offset in November; Bernd pays it instead
    const settledByHand = await call('POST', `/api/admin/open-items/${owed[0]!.id}/paid`);
    expect(settledByHand.statusCode, settledByHand.body).toBe(200);
  });

  it('a month where nobody has anything to settle counts as settled ("nothing")', async () => {
    await at('2026-12-02');
    const november = await call('GET', '/api/admin/abrechnungen?month=2026-11');
    expect(november.statusCode, november.body).toBe(200);
    expect(november.json()).toEqual({
      success: true,
      month: '2026-11',
      status: 'nothing',
      items: [],
    });
    // the revenue overview says so too
    const revenue = (await call('GET', '/api/admin/revenue?from=2026-10&to=2026-11')).json();
    expect(revenue.months.map((month: { status: string }) => month.status)).toEqual([
      'final',
      'nothing',
    ]);
    // the dashboard's to-dos: nothing before "Abrechnung ab", no month that needs no settling
    const dashboard = (await call('GET', '/api/admin/dashboard')).json();
    expect(dashboard.todos.monthsToSettle).toEqual([]);
    // and does not hold back December
    await at('2027-01-04');
    await sold(anna, '2026-12-10', 1000);
    const december = await call('POST', '/api/admin/abrechnungen', { month: '2026-12' });
    expect(december.statusCode, december.body).toBe(200);
    // a month before the latest final one needs no settling either
    const august = await call('GET', '/api/admin/abrechnungen?month=2026-08');
    expect(august.statusCode).toBe(404);
  });
});

describe('sums past 2^31 cents', () => {
  it('a producer whose lines each fit but sum past 2^31 cents is settled', async () => {
    await at('2027-01-04');
    const rich = (await producer(t.database.db, 'Richard Reich')).id;
    for (let i = 0; i < 3; i += 1) await sold(rich, `2026-12-0${i + 1}`, 900_000_000);
    const finalized = await call('POST', '/api/admin/abrechnungen/2026-12/finalize');
    expect(finalized.statusCode, finalized.body).toBe(200);
    expect(finalized.json().blocked).toEqual([]);
    const [statement] = await t.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.vendorId, rich), eq(documents.type, 'verkaufsabrechnung')));
    // 27.000.000,00 € − 4 % commission (1.080.000,00 €) − its VAT (205.200,00 €)
    const payout = 2_700_000_000 - 108_000_000 - 20_520_000;
    expect(statement!.totalGrossCents).toBe(payout);
    const [row] = await t.database.db.select().from(payouts).where(eq(payouts.vendorId, rich));
    expect(row!.amountCents).toBe(payout);
    expect(typeof row!.amountCents).toBe('number');
    const listed = (await call('GET', '/api/admin/abrechnungen?month=2026-12')).json();
    expect(itemOf(listed, rich)).toMatchObject({ salesGrossCents: 2_700_000_000 });
  });
});

describe('the settlement-wide lock', () => {
  it('two months finalized at the same time never both offset one open item (real parallel requests on PostgreSQL; PGlite has one connection and serializes them)', async () => {
    await at('2027-03-02');
    const db = t.database.db;
    const paula = (await producer(db, 'Paula Parallel')).id;
    // February has something, January nothing yet: February is drafted first
    await sold(paula, '2027-02-10', 5000);
    const february = await call('POST', '/api/admin/abrechnungen', { month: '2027-02' });
    expect(february.statusCode, february.body).toBe(200);
    // then an open amount of December appears: January has it to offset, and is drafted
    const [owed] = await db
      .insert(openItems)
      .values({ vendorId: paula, month: '2026-12', amountCents: 10_000, dueOn: '2027-01-18' })
      .returning();
    const january = await call('POST', '/api/admin/abrechnungen', { month: '2027-01' });
    expect(january.statusCode, january.body).toBe(200);
    expect(itemOf(january.json(), paula)).toMatchObject({ openItemsCents: 10_000 });

    const answers = await Promise.all([
      call('POST', '/api/admin/abrechnungen/2027-02/finalize'),
      call('POST', '/api/admin/abrechnungen/2027-01/finalize'),
      call('POST', '/api/admin/abrechnungen/2027-01/finalize'),
      call('POST', '/api/admin/abrechnungen/2027-02/recompute'),
    ]);
    for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
    expect(answers[1]!.statusCode).toBe(200);
    expect(answers[2]!.json()).toEqual(answers[1]!.json());
    const late = await call('POST', '/api/admin/abrechnungen/2027-02/finalize');
    expect(late.statusCode, late.body).toBe(200);

    const [item] = await db.select().from(openItems).where(eq(openItems.id, owed!.id));
    expect(item!.offsetInMonth).toBe('2027-01');
    const finals = await db
      .select()
      .from(settlementItems)
      .where(and(eq(settlementItems.vendorId, paula), eq(settlementItems.status, 'final')));
    expect(finals.map((row) => row.month).sort()).toEqual(['2027-01', '2027-02']);
    const offsetting = finals.filter((row) =>
      (row.figures as Settlement).openItems.some((open) => open.id === owed!.id),
    );
    expect(offsetting.map((row) => row.month)).toEqual(['2027-01']);
    // January: −100,00 € owed; February: its sales less commission
    const owedNow = await db
      .select()
      .from(openItems)
      .where(and(eq(openItems.vendorId, paula), eq(openItems.month, '2027-01')));
    expect(owedNow.map((row) => row.amountCents)).toEqual([10_000]);
  });
});

describe('the transitions the database allows', () => {
  it('open items: paid once, offset once by one month, deleted only while neither', async () => {
    const db = t.database.db;
    const [item] = await db
      .insert(openItems)
      .values({ vendorId: anna, month: '2026-10', amountCents: 100, dueOn: '2026-11-17' })
      .returning();
    const id = item!.id;
    expect(await tried(sql`update open_items set amount_cents = 1 where id = ${id}`)).toContain(
      'unveränderlich',
    );
    expect(await tried(sql`update open_items set month = '2026-09' where id = ${id}`)).toContain(
      'unveränderlich',
    );
    await db.update(openItems).set({ offsetInMonth: '2026-11' }).where(eq(openItems.id, id));
    expect(
      await tried(sql`update open_items set offset_in_month = '2026-12' where id = ${id}`),
    ).toContain('schon mit 2026-11 verrechnet');
    expect(
      await tried(sql`update open_items set offset_in_month = null where id = ${id}`),
    ).toContain('verrechnet');
    expect(await tried(sql`update open_items set paid_at = now() where id = ${id}`)).toContain(
      'nie beides',
    );
    expect(await tried(sql`delete from open_items where id = ${id}`)).toContain('bleibt');
    expect(await tried(sql`truncate open_items`)).toContain('unveränderlich');

    const [paid] = await db
      .insert(openItems)
      .values({ vendorId: anna, month: '2026-10', amountCents: 200, dueOn: '2026-11-17' })
      .returning();
    await db
      .update(openItems)
      .set({ paidAt: clock.now(), paidBy: 'Eva' })
      .where(eq(openItems.id, paid!.id));
    expect(
      await tried(sql`update open_items set paid_at = null, paid_by = null where id = ${paid!.id}`),
    ).toContain('schon als bezahlt');
    expect(
      await tried(sql`update open_items set paid_by = 'Otto' where id = ${paid!.id}`),
    ).toContain('schon als bezahlt');
    // an open one may go (a cancellation removes the statement's own open amount)
    const [open] = await db
      .insert(openItems)
      .values({ vendorId: anna, month: '2026-10', amountCents: 300, dueOn: '2026-11-17' })
      .returning();
    expect(await tried(sql`delete from open_items where id = ${open!.id}`)).toBe('not refused');
  });

  it('settlement items: a final one never changes but back to a draft by a cancellation', async () => {
    const where = sql`month = '2026-10' and vendor_id = ${anna}`;
    expect(await tried(sql`update settlement_items set figures = '{}' where ${where}`)).toContain(
      'unveränderlich',
    );
    expect(
      await tried(sql`update settlement_items set blockers = '["x"]' where ${where}`),
    ).toContain('unveränderlich');
    expect(await tried(sql`update settlement_items set documents = '[]' where ${where}`)).toContain(
      'unveränderlich',
    );
    expect(await tried(sql`delete from settlement_items where ${where}`)).toContain('bleibt');
    expect(await tried(sql`truncate settlement_items`)).toContain('unveränderlich');
    // a cancellation's transition is allowed (tried and rolled back)
    expect(
      await tried(
        sql`update settlement_items set status = 'draft', documents = '[]', finalized_at = null where ${where}`,
      ),
    ).toBe('not refused');
    // but not with other figures
    expect(
      await tried(
        sql`update settlement_items set status = 'draft', documents = '[]', finalized_at = null, figures = '{}' where ${where}`,
      ),
    ).toContain('unveränderlich');
    // a draft is born a draft
    expect(
      await tried(
        sql`insert into settlement_items (month, vendor_id, status, figures) values ('2026-12', ${bernd}, 'final', '{}')`,
      ),
    ).toContain('Entwurf');
  });

  it('manual lines of a final producer month: no new one, no change, no delete', async () => {
    const [line] = await t.database.db
      .select()
      .from(settlementManualLines)
      .where(eq(settlementManualLines.vendorId, anna));
    expect(line).toMatchObject({ month: '2026-10', kind: 'refund', grossCents: 500 });
    expect(
      await tried(sql`update settlement_manual_lines set gross_cents = 1 where id = ${line!.id}`),
    ).toContain('abgeschlossen');
    expect(await tried(sql`delete from settlement_manual_lines where id = ${line!.id}`)).toContain(
      'abgeschlossen',
    );
    expect(
      await tried(
        sql`insert into settlement_manual_lines (month, vendor_id, kind, text, gross_cents, created_by) values ('2026-10', ${anna}, 'refund', 'Noch eine', 100, 'Eva')`,
      ),
    ).toContain('abgeschlossen');
    expect(
      await tried(sql`update settlement_manual_lines set month = '2026-12' where id = ${line!.id}`),
    ).toContain('wechselt nie');
  });
});
