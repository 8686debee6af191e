import { createHash } from 'node:crypto';
import { DOCUMENT_MESSAGES } from '@housnkuh/shared/schemas/documents';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { transaction } from '../src/db/transaction';
import { applyRetention } from '../src/modules/accounts/account-cleanup';
import { createSession } from '../src/modules/accounts/sessions.service';
import {
  documentLinesInPeriod,
  insertCancellation,
  insertSettlementDocuments,
  renderMissingPdfs,
  vendorHasDocuments,
} from '../src/modules/documents/public';
import { documents } from '../src/modules/documents/schema';
import { outbox } from '../src/modules/mail/schema';
import { salesLines } from '../src/modules/sales/schema';
import { demoDataSummary } from '../src/modules/users/demo-data.service';
import { vendors } from '../src/modules/vendors/schema';
import { octoberDocuments, octoberFigures, producer } from './documents-fixtures';
import { createTestApp, refusal, type TestApp } from './helpers';

// The documents module (issue 26, docs/decisions/0034): numbers without gaps, also for parallel
// transactions, the database's refusal of changes, cancellations, the lines for the exports.
let t: TestApp;
beforeAll(async () => {
  // no mail worker: the test reads what the outbox holds
  t = await createTestApp({ build: { startOutbox: false } });
});
afterAll(async () => {
  await t?.close();
});

const numberOf = (type: string, list: { type: string; number: string }[]) =>
  list.filter((d) => d.type === type).map((d) => d.number);

describe('issuing', () => {
  it('numbers invoice and statement per producer by the issue day’s year, without a gap', async () => {
    const db = t.database.db;
    const anna = await producer(db, 'Anna Müller');
    const bernd = await producer(db, 'Bernd Öztürk');
    const carla = await producer(db, 'Carla Weiß');
    const issued = await transaction(db, (tx) =>
      insertSettlementDocuments(
        tx,
        [
          octoberDocuments(anna),
          // no invoice lines: a statement only
          octoberDocuments(bernd, octoberFigures({ rent: false })),
          octoberDocuments(carla),
        ],
        '2026-11-03',
      ),
    );
    expect(numberOf('rechnung', issued)).toEqual(['RE-2026-00001', 'RE-2026-00002']);
    expect(numberOf('verkaufsabrechnung', issued)).toEqual([
      'VA-2026-00001',
      'VA-2026-00002',
      'VA-2026-00003',
    ]);
    expect(issued.filter((d) => d.vendorId === bernd.id).map((d) => d.type)).toEqual([
      'verkaufsabrechnung',
    ]);

    const [statement] = await db
      .select()
      .from(documents)
      .where(sql`${documents.number} = 'VA-2026-00001'`);
    const [invoice] = await db
      .select()
      .from(documents)
      .where(sql`${documents.number} = 'RE-2026-00001'`);
    expect(statement).toMatchObject({
      vendorId: anna.id,
      month: '2026-10',
      issuedOn: '2026-11-03',
      year: 2026,
      refersToId: invoice!.id,
      totalGrossCents: 2088,
      pdf: null,
      sha256: null,
    });
    expect(invoice!.totalGrossCents).toBe(1312);
    expect(invoice!.parties).toEqual(anna.parties);

    // one mail per producer, the documents attached by reference
    const mails = await db
      .select()
      .from(outbox)
      .where(sql`${outbox.toAddress} = ${anna.email}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Abrechnung für Oktober 2026');
    expect(mails[0]!.attachments).toEqual([
      { kind: 'document', id: invoice!.id },
      { kind: 'document', id: statement!.id },
    ]);
    expect(mails[0]!.textBody).toContain(
      'Rechnung RE-2026-00001 und Verkaufsabrechnung VA-2026-00001',
    );
    expect(mails[0]!.textBody).toContain('20,88');
    expect(await vendorHasDocuments(db, anna.id)).toBe(true);
    expect(await vendorHasDocuments(db, (await producer(db, 'Dora Ohne')).id)).toBe(false);
  });

  it('gives each of parallel transactions its own numbers, none twice, none left out', async () => {
    const db = t.database.db;
    const producers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => producer(db, `Paula Parallel${i}`)),
    );
    const before = await db.select({ number: documents.number }).from(documents);
    const issued = (
      await Promise.all(
        producers.map((p, i) =>
          transaction(db, (tx) =>
            insertSettlementDocuments(
              tx,
              [octoberDocuments(p, octoberFigures({ rent: i % 3 !== 0 }))],
              '2026-11-04',
            ),
          ),
        ),
      )
    ).flat();
    const all = [...before.map((row) => row.number), ...issued.map((d) => d.number)];
    for (const prefix of ['RE', 'VA']) {
      const numbers = all
        .filter((n) => n.startsWith(`${prefix}-2026-`))
        .map((n) => Number(n.slice(8)))
        .sort((a, b) => a - b);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    }
  });

  it('gives a rolled-back transaction’s numbers back', async () => {
    const db = t.database.db;
    const p = await producer(db, 'Rolf Zurück');
    await expect(
      transaction(db, async (tx) => {
        await insertSettlementDocuments(tx, [octoberDocuments(p)], '2026-11-05');
        throw new Error('abgebrochen');
      }),
    ).rejects.toThrow('abgebrochen');
    const [next] = await transaction(db, (tx) =>
      insertSettlementDocuments(tx, [octoberDocuments(p)], '2026-11-05'),
    );
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(documents)
      .where(sql`${documents.type} = 'rechnung'`)) as [{ n: number }];
    expect(next!.number).toBe(`RE-2026-${String(n).padStart(5, '0')}`);
  });

  it('starts the numbers again in a new year (the issue day’s)', async () => {
    const db = t.database.db;
    const p = await producer(db, 'Jana Neujahr');
    const issued = await transaction(db, (tx) =>
      insertSettlementDocuments(
        tx,
        [{ vendorId: p.id, month: '2026-12', settlement: octoberFigures(), parties: p.parties }],
        '2027-01-04',
      ),
    );
    expect(issued.map((d) => d.number)).toEqual(['RE-2027-00001', 'VA-2027-00001']);
  });
});

describe('immutability', () => {
  it('refuses every change and deletion of a document, but the PDF stored once', async () => {
    const db = t.database.db;
    const p = await producer(db, 'Ida Unveränderlich');
    // A row as issued, written here directly, and every try in the same transaction: the app's
    // renderer (woken by the other tests) never sees the row before it has its PDF. Each try
    // that the database refuses runs in a savepoint of its own, as a statement would.
    await db.transaction(async (tx) => {
      const tried = (query: SQL) =>
        refusal(tx.transaction(async (savepoint) => savepoint.execute(query)));
      const [row] = await tx
        .insert(documents)
        .values({
          type: 'rechnung',
          number: 'RE-1999-00001',
          year: 1999,
          month: '1999-10',
          vendorId: p.id,
          issuedOn: '1999-11-03',
          totalGrossCents: 1312,
          content: octoberFigures(),
          parties: p.parties,
        })
        .returning({ id: documents.id });
      const id = row!.id;
      expect(
        await tried(sql`update documents set total_gross_cents = 1 where id = ${id}`),
      ).toContain('unveränderlich');
      expect(await tried(sql`delete from documents where id = ${id}`)).toContain('unveränderlich');
      expect(
        await tried(
          sql`update documents set pdf = '\\x01', sha256 = 'x', month = '2026-09' where id = ${id}`,
        ),
      ).toContain('unveränderlich');
      // only both together
      expect(await tried(sql`update documents set pdf = '\\x01' where id = ${id}`)).toContain(
        'unveränderlich',
      );
      expect(
        await tried(sql`update documents set pdf = '\\x01', sha256 = 'abc' where id = ${id}`),
      ).toBe('not refused');
      // and only once
      expect(
        await tried(sql`update documents set pdf = '\\x02', sha256 = 'def' where id = ${id}`),
      ).toContain('unveränderlich');
      expect(await tried(sql`truncate documents cascade`)).toContain('unveränderlich');
      const [stored] = await tx
        .select()
        .from(documents)
        .where(sql`${documents.id} = ${id}`);
      expect(stored!.sha256).toBe('abc');
      expect(stored!.totalGrossCents).toBe(1312);
    });
  });

  it('renders the PDFs after the commit and stores each once with its SHA-256', async () => {
    const db = t.database.db;
    const p = await producer(db, 'Paul Pdf');
    const issued = await transaction(db, (tx) =>
      insertSettlementDocuments(tx, [octoberDocuments(p)], '2026-11-06'),
    );
    await renderMissingPdfs(db);
    for (const document of issued) {
      // the app's own run after the commit may hold a document's lease (a shared PostgreSQL):
      // this call leaves that one to it, and its PDF is stored once that run is through
      const row = await vi.waitFor(
        async () => {
          const [found] = await db.select().from(documents).where(eq(documents.id, document.id));
          expect(found?.pdf).toBeTruthy();
          return found;
        },
        { timeout: 20_000, interval: 100 },
      );
      expect(row!.pdf!.subarray(0, 5).toString()).toBe('%PDF-');
      expect(row!.sha256).toBe(createHash('sha256').update(row!.pdf!).digest('hex'));
    }
    expect(await renderMissingPdfs(db)).toBe(0);
  });

  it('refuses every change and deletion of a sales line', async () => {
    const db = t.database.db;
    const [line] = await db
      .insert(salesLines)
      .values({
        receiptId: 'IMM-1',
        position: 1,
        soldAt: new Date('2026-10-02T09:00:00Z'),
        ean: '2000000000015',
        articleText: 'Honig',
        quantityThousandths: 1000,
        unitPriceGrossCents: 500,
        vatRateBp: 700,
        lineTotalGrossCents: 500,
        source: 'csv',
        raw: 'IMM-1;1',
      })
      .returning();
    expect(
      await refusal(
        db.execute(sql`update sales_lines set line_total_gross_cents = 1 where id = ${line!.id}`),
      ),
    ).toContain('unveränderlich');
    expect(
      await refusal(db.execute(sql`delete from sales_lines where id = ${line!.id}`)),
    ).toContain('unveränderlich');
    expect(await refusal(db.execute(sql`truncate sales_lines cascade`))).toContain(
      'unveränderlich',
    );
  });
});

describe('cancellation', () => {
  it('issues a storno with the original’s figures negated, once, never of a storno', async () => {
    const db = t.database.db;
    const p = await producer(db, 'Stefan Storno');
    const issued = await transaction(db, (tx) =>
      insertSettlementDocuments(tx, [octoberDocuments(p)], '2026-11-07'),
    );
    const invoice = issued.find((d) => d.type === 'rechnung')!;
    const storno = await transaction(db, (tx) =>
      insertCancellation(tx, invoice.id, 'Falscher Mietpreis', '2026-11-20'),
    );
    expect(storno.number).toMatch(/^ST-2026-\d{5}$/);
    const [row] = await db
      .select()
      .from(documents)
      .where(sql`${documents.id} = ${storno.id}`);
    const figures = octoberFigures();
    expect(row).toMatchObject({
      type: 'storno',
      refersToId: invoice.id,
      reason: 'Falscher Mietpreis',
      month: '2026-10',
      issuedOn: '2026-11-20',
      totalGrossCents: -1312,
    });
    const content = row!.content as typeof figures;
    expect(content.invoice.grossCents).toBe(-1312);
    expect(content.invoice.lines.map((l) => [l.netCents, l.vatCents, l.grossCents])).toEqual(
      figures.invoice.lines.map((l) => [-l.netCents, -l.vatCents, -l.grossCents]),
    );
    expect(content.invoice.lines[0]).toMatchObject({
      monthlyPriceCents: 1500,
      vatRateBp: 1900,
      days: 31,
    });
    expect(content.payoutCents).toBe(-2088);
    expect(content.sales.lines[0]).toMatchObject({
      quantityThousandths: -2000,
      unitPriceGrossCents: 500,
      grossCents: -1000,
    });

    await expect(
      transaction(db, (tx) => insertCancellation(tx, invoice.id, 'Nochmal', '2026-11-21')),
    ).rejects.toThrow(`Der Beleg ${invoice.number} ist bereits storniert`);
    await expect(
      transaction(db, (tx) => insertCancellation(tx, storno.id, 'Storno vom Storno', '2026-11-21')),
    ).rejects.toThrow('Eine Stornorechnung kann nicht storniert werden');

    // the exports: the invoice's lines and the storno's, negated; no statement
    const lines = await documentLinesInPeriod(db, '2026-11-07', '2026-11-20');
    const own = lines.filter((l) => l.vendorId === p.id);
    expect(own.map((l) => [l.number, l.grossCents])).toEqual([
      [invoice.number, 1500],
      [invoice.number, 162],
      [invoice.number, -350],
      [storno.number, -1500],
      [storno.number, -162],
      [storno.number, 350],
    ]);
    expect(own[0]).toMatchObject({
      issuedOn: '2026-11-07',
      type: 'rechnung',
      vendorName: 'Hof Storno',
      netCents: 1261,
      vatRateBp: 1900,
      vatCents: 239,
    });
  });
});

describe('never removed', () => {
  it('keeps a producer with documents: clean-up, demo removal, and its data export lists them', async () => {
    const db = t.database.db;
    const p = await producer(db, 'Uwe Unbestätigt');
    // an old sign-up never confirmed: the clean-up would remove it without its documents
    await db
      .update(vendors)
      .set({
        passwordHash: 'x',
        emailConfirmedAt: null,
        createdAt: new Date('2025-01-01T00:00:00Z'),
        registrationKind: 'demo',
      })
      .where(eq(vendors.id, p.id));
    const [demoBefore] = await demoDataSummary(db).then((summary) => [summary.blockers]);
    expect(demoBefore).not.toContain(DOCUMENT_MESSAGES.demoBlocked(1));
    await transaction(db, (tx) =>
      insertSettlementDocuments(tx, [octoberDocuments(p)], '2026-11-08'),
    );
    await applyRetention(db, new Date('2026-11-26T10:00:00Z'));
    expect(await vendorHasDocuments(db, p.id)).toBe(true);
    expect(
      await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, p.id)),
    ).toHaveLength(1);
    expect((await demoDataSummary(db)).blockers).toContain(DOCUMENT_MESSAGES.demoBlocked(1));

    await db
      .update(vendors)
      .set({ emailConfirmedAt: new Date('2025-01-02T00:00:00Z') })
      .where(eq(vendors.id, p.id));
    const token = (await createSession(db, 'vendor', p.id)).token;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/vendor-auth/export',
      headers: { authorization: `Bearer ${token}` },
    });
    const data = response.json();
    expect(data.products).toEqual([]);
    expect(data.sales).toEqual([]);
    expect(data.documents.map((d: { number: string }) => d.number)).toHaveLength(2);
    expect(data.documents[0]).toMatchObject({
      type: 'rechnung',
      month: '2026-10',
      totalGrossCents: 1312,
      parties: p.parties,
    });
    expect(data.documents[0]).not.toHaveProperty('pdf');
  });
});
