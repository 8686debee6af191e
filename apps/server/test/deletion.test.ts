import { clock } from '@housnkuh/shared/clock';
import { TEST_PASSWORD } from '@housnkuh/test-support/registration';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/passwords';
import { createSession } from '../src/modules/accounts/sessions.service';
import { adminAudit } from '../src/modules/audit/schema';
import { contracts } from '../src/modules/contracts/schema';
import { documents } from '../src/modules/documents/schema';
import { products } from '../src/modules/products/schema';
import { carryOutWaitingDeletions } from '../src/modules/retention/deletion.service';
import { vendorRemovals } from '../src/modules/retention/schema';
import { salesLineAssignments, salesLines } from '../src/modules/sales/schema';
import { payouts } from '../src/modules/settlement/schema';
import { vendors } from '../src/modules/vendors/schema';
import { inventoryShop, type ShopProducer } from './inventory-fixtures';
import { producer, product } from './sales-fixtures';

// Deletion with retention (issue 35, docs/decisions/0092): the producer asks with its password;
// the request waits while something is open and says what; carried out, the profile goes and the
// documents, sales lines and payouts stay, locked, until 31 December ten years after the latest
// document; after that the admin removes them, with a record.

const shop = inventoryShop({ eanStart: 9300, smtp: true });
afterAll(() => clock.reset());

const withPassword = async (vendorId: string) => {
  await shop.t.database.db
    .update(vendors)
    .set({ passwordHash: await hashPassword(TEST_PASSWORD), emailConfirmedAt: clock.now() })
    .where(eq(vendors.id, vendorId));
};
const vendorRow = async (vendorId: string) =>
  (await shop.t.database.db.select().from(vendors).where(eq(vendors.id, vendorId)))[0];
const ask = (p: ShopProducer, password = TEST_PASSWORD) =>
  shop.call(p.token, 'POST', '/api/vendor-auth/deletion', { password });
const documentsOf = (vendorId: string) =>
  shop.t.database.db
    .select({ id: documents.id, number: documents.number, sha256: documents.sha256 })
    .from(documents)
    .where(eq(documents.vendorId, vendorId))
    .orderBy(documents.number);

let anna: ShopProducer;
let bernd: ShopProducer;
let dora: ShopProducer;
let annaEmail = '';
let unsoldProduct = '';

describe('deletion with retention', () => {
  it('waits while a contract runs and its month is not settled, says why, and can be withdrawn', async () => {
    await shop.at('2026-10-05');
    await shop.readyToSettle('2026-10');
    anna = await shop.producerWith('basic', { name: 'Anna Seitz', firm: true });
    bernd = await shop.producerWith('basic', { name: 'Bernd Kraus', firm: true });
    // Dora sells nothing: her October rent is an amount she owes
    dora = await shop.producerWith('basic', { name: 'Dora Lenz', firm: true, product: false });
    await withPassword(anna.vendorId);
    await withPassword(dora.vendorId);
    annaEmail = (await vendorRow(anna.vendorId))!.email;
    unsoldProduct = await product(shop.t.database.db, anna.vendorId, {
      name: 'Blütenhonig 250 g',
      ean: shop.nextEan(),
      priceCents: 450,
    });
    for (const [i, p] of [anna, bernd].entries()) {
      const sold = await shop.call(shop.till, 'POST', '/api/pos/sales', {
        receipts: [
          {
            id: `L-${i}`,
            time: '2026-10-05T09:00:00+02:00',
            lines: [
              {
                position: 1,
                ean: p.ean,
                name: 'Waldhonig',
                quantity: 30,
                unitPriceGrossCents: 600,
                vatRate: 7,
              },
            ],
          },
        ],
      });
      expect(sold.statusCode, sold.body).toBe(200);
    }

    // a line with an EAN nobody has: the shop assigns it to Anna's honey below
    const unknown = await shop.call(shop.till, 'POST', '/api/pos/sales', {
      receipts: [
        {
          id: 'L-unknown',
          time: '2026-10-05T08:00:00+02:00',
          lines: [
            {
              position: 1,
              ean: shop.nextEan(),
              name: 'Honig ohne Etikett',
              quantity: 1,
              unitPriceGrossCents: 600,
              vatRate: 7,
            },
          ],
        },
      ],
    });
    expect(unknown.statusCode, unknown.body).toBe(200);
    const [unknownLine] = await shop.t.database.db
      .select({ id: salesLines.id })
      .from(salesLines)
      .where(eq(salesLines.receiptId, 'L-unknown'));
    const assigned = await shop.call(
      shop.adminToken,
      'POST',
      `/api/admin/sales/unassigned/${unknownLine!.id}`,
      { productId: anna.productId },
    );
    expect(assigned.statusCode, assigned.body).toBe(200);

    // only the producer itself, with its password
    expect((await shop.call(null, 'GET', '/api/vendor-auth/deletion')).statusCode).toBe(401);
    expect(
      (await shop.call(shop.adminToken, 'POST', '/api/vendor-auth/deletion', { password: 'x' }))
        .statusCode,
    ).toBe(401);
    const wrong = await ask(anna, 'Falsch!123');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Das aktuelle Passwort stimmt nicht.');
    const empty = await shop.call(anna.token, 'POST', '/api/vendor-auth/deletion', {});
    expect(empty.statusCode).toBe(400);
    expect((await vendorRow(anna.vendorId))!.deletionRequestedAt).toBeNull();

    const asked = await ask(anna);
    expect(asked.statusCode, asked.body).toBe(200);
    const [number] = await shop.t.database.db
      .select({ number: contracts.number })
      .from(contracts)
      .where(eq(contracts.vendorId, anna.vendorId));
    expect(asked.json()).toMatchObject({
      carriedOut: false,
      message:
        'Deine Löschung ist vorgemerkt. Sobald nichts mehr offen ist, wird sie ausgeführt; du bekommst dann eine Bestätigung per E-Mail.',
      blockers: [
        `Dein Vertrag ${number!.number} läuft noch; kündige ihn zuerst.`,
        'Der Monat Oktober 2026 ist noch nicht abgerechnet.',
      ],
    });
    const waiting = await shop.smtp.waitForMail(annaEmail, (m) => m.subject.includes('vorgemerkt'));
    expect(waiting.text).toContain(
      `– Dein Vertrag ${number!.number} läuft noch; kündige ihn zuerst.`,
    );
    expect(waiting.text).toContain('– Der Monat Oktober 2026 ist noch nicht abgerechnet.');

    const status = await shop.call(anna.token, 'GET', '/api/vendor-auth/deletion');
    expect(status.json()).toMatchObject({ requestedAt: expect.any(String) });
    expect((await ask(anna)).json().message).toBe('Deine Löschung ist schon vorgemerkt.');
    // the job leaves it alone while something is open
    expect(
      await carryOutWaitingDeletions({
        db: shop.t.database.db,
        settings: await shop.t.app.settings.get(),
      }),
    ).toBe(0);

    const withdrawn = await shop.call(anna.token, 'DELETE', '/api/vendor-auth/deletion');
    expect(withdrawn.json().message).toBe(
      'Deine Löschung ist zurückgenommen. Dein Konto bleibt bestehen.',
    );
    expect((await vendorRow(anna.vendorId))!.deletionRequestedAt).toBeNull();
    expect((await shop.call(anna.token, 'DELETE', '/api/vendor-auth/deletion')).statusCode).toBe(
      409,
    );
  });

  it('is carried out by the job once the month is final and the payout transferred; the documents stay', async () => {
    // Anna's and Dora's contracts end with October (the owner ended them)
    for (const p of [anna, dora])
      await shop.t.database.db
        .update(contracts)
        .set({ endDate: '2026-10-31', status: 'ended', terminationKind: 'shop' })
        .where(eq(contracts.vendorId, p.vendorId));
    await shop.at('2026-11-03');
    expect((await ask(anna)).json().blockers).toEqual([
      'Der Monat Oktober 2026 ist noch nicht abgerechnet.',
    ]);
    const drafted = await shop.call(shop.adminToken, 'POST', '/api/admin/abrechnungen', {
      month: '2026-10',
    });
    expect(drafted.statusCode, drafted.body).toBe(200);
    const final = await shop.call(
      shop.adminToken,
      'POST',
      '/api/admin/abrechnungen/2026-10/finalize',
    );
    expect(final.statusCode, final.body).toBe(200);
    const ctx = async () => ({ db: shop.t.database.db, settings: await shop.t.app.settings.get() });
    expect(await carryOutWaitingDeletions(await ctx())).toBe(0);
    expect(
      (await shop.call(anna.token, 'GET', '/api/vendor-auth/deletion')).json().blockers,
    ).toEqual(['Die Auszahlung für Oktober 2026 ist noch nicht überwiesen.']);

    // the PDFs rendered (after the numbering), so the hashes are there to compare
    for (const doc of await documentsOf(anna.vendorId)) {
      const pdf = await shop.call(shop.adminToken, 'GET', `/api/admin/documents/${doc.id}/pdf`);
      expect(pdf.statusCode).toBe(200);
    }
    const before = await documentsOf(anna.vendorId);
    expect(before.every((d) => d.sha256 !== null)).toBe(true);
    expect(before.map((d) => d.number)).toEqual([
      expect.stringMatching(/^RE-2026-\d{5}$/),
      expect.stringMatching(/^VA-2026-\d{5}$/),
    ]);
    const lines = await shop.t.database.db
      .select({ id: salesLines.id })
      .from(salesLines)
      .where(eq(salesLines.vendorId, anna.vendorId));
    expect(lines).toHaveLength(1);

    // Dora owes her rent: her request waits for it, then the job carries it out once it is paid
    const owes = await ask(dora);
    expect(owes.json()).toMatchObject({ carriedOut: false });
    expect(owes.json().blockers).toEqual([
      expect.stringMatching(
        /^Ein offener Betrag von \d+,\d\d € aus Oktober 2026 ist noch nicht beglichen\.$/,
      ),
    ]);
    const open = await shop.call(shop.adminToken, 'GET', '/api/admin/open-items?state=open');
    const item = (open.json().openItems as { id: string; vendorId: string }[]).find(
      (o) => o.vendorId === dora.vendorId,
    );
    expect(
      (await shop.call(shop.adminToken, 'POST', `/api/admin/open-items/${item!.id}/paid`))
        .statusCode,
    ).toBe(200);

    const paid = await shop.call(
      shop.adminToken,
      'POST',
      '/api/admin/abrechnungen/2026-10/payouts/paid',
      {
        vendorIds: [anna.vendorId],
      },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    shop.smtp.clear();
    expect(await carryOutWaitingDeletions(await ctx())).toBe(2);
    expect((await vendorRow(dora.vendorId))!.deletedAt).not.toBeNull();

    const done = await shop.smtp.waitForMail(annaEmail, (m) => m.subject.includes('gelöscht'));
    expect(done.text).toContain('bis zum 31.12.2036');
    expect(done.text).toContain('Entfernt haben wir dein Profil');

    const row = (await vendorRow(anna.vendorId))!;
    expect(row).toMatchObject({
      email: `geloescht-${anna.vendorId}@invalid`,
      passwordHash: null,
      iban: null,
      isPublic: false,
      profileVisible: false,
      retainedUntil: '2036-12-31',
      // what the documents name stays
      name: 'Anna Seitz',
      unternehmen: 'Anna Seitz',
      ort: 'Kronach',
    });
    expect(row.deletedAt).not.toBeNull();
    // the documents byte for byte, the sales line, the payout
    expect(await documentsOf(anna.vendorId)).toEqual(before);
    expect(
      await shop.t.database.db
        .select({ id: salesLines.id })
        .from(salesLines)
        .where(eq(salesLines.vendorId, anna.vendorId)),
    ).toEqual(lines);
    const [payout] = await shop.t.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.vendorId, anna.vendorId));
    expect(payout).toMatchObject({ month: '2026-10', payeeIban: 'DE02120300000000202051' });
    // the sold honey stays (the statement lists it), off the till's list; the unsold one is gone
    const left = await shop.t.database.db
      .select({ id: products.id, isActive: products.isActive })
      .from(products)
      .where(eq(products.vendorId, anna.vendorId));
    expect(left).toEqual([{ id: anna.productId, isActive: false }]);
    expect(left.map((p) => p.id)).not.toContain(unsoldProduct);

    // no session, no sign-in, no account in the admin's list; the address is free again
    expect((await shop.call(anna.token, 'GET', '/api/vendor-auth/deletion')).statusCode).toBe(401);
    const login = await shop.t.app.inject({
      method: 'POST',
      url: '/api/vendor-auth/login',
      payload: { email: annaEmail, password: TEST_PASSWORD },
    });
    expect(login.statusCode).not.toBe(200);
    const list = await shop.call(shop.adminToken, 'GET', '/api/admin/users/vendors?search=Seitz');
    expect(list.json().vendors).toEqual([]);
    const detail = await shop.call(
      shop.adminToken,
      'GET',
      `/api/admin/users/vendors/${anna.vendorId}`,
    );
    expect(detail.statusCode).toBe(404);
    expect(detail.json().message).toBe(
      'Dieser Direktvermarkter hat sein Konto gelöscht. Seine Belege und Verkäufe sind bis zum 31.12.2036 aufbewahrt (Benutzer → Gelöschte Konten).',
    );
    // the admin still downloads its documents
    const pdf = await shop.call(
      shop.adminToken,
      'GET',
      `/api/admin/documents/${before[0]!.id}/pdf`,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');

    // a late till line with the deleted producer's EAN is nobody's: it waits for the shop
    const late = await shop.call(shop.till, 'POST', '/api/pos/sales', {
      receipts: [
        {
          id: 'L-late',
          time: '2026-11-03T09:00:00+01:00',
          lines: [
            {
              position: 1,
              ean: anna.ean,
              name: 'Waldhonig',
              quantity: 1,
              unitPriceGrossCents: 600,
              vatRate: 7,
            },
          ],
        },
      ],
    });
    expect(late.statusCode, late.body).toBe(200);
    const [lateLine] = await shop.t.database.db
      .select({ vendorId: salesLines.vendorId, productId: salesLines.productId })
      .from(salesLines)
      .where(eq(salesLines.receiptId, 'L-late'));
    expect(lateLine).toEqual({ vendorId: null, productId: null });
    // its documents are kept as issued: no cancellation
    const cancel = await shop.call(
      shop.adminToken,
      'POST',
      `/api/admin/documents/${before[1]!.id}/cancel`,
      { reason: 'Korrektur' },
    );
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(
      'Dieser Direktvermarkter hat sein Konto gelöscht: Seine Belege bleiben, wie sie ausgestellt sind, und werden nicht mehr storniert.',
    );

    const overview = await shop.call(shop.adminToken, 'GET', '/api/admin/retention');
    expect(overview.json().retained).toEqual([
      expect.objectContaining({
        id: anna.vendorId,
        label: 'Anna Seitz (Anna Seitz)',
        retainedUntil: '2036-12-31',
        due: false,
        documents: 2,
      }),
      expect.objectContaining({ id: dora.vendorId, retainedUntil: '2036-12-31', due: false }),
    ]);
  });

  it('keeps the retained records locked: only an admin’s removal after the retention takes them', async () => {
    const db = shop.t.database.db;
    const early = await shop.call(
      shop.adminToken,
      'POST',
      `/api/admin/retention/${anna.vendorId}/remove`,
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'Die Aufbewahrungsfrist läuft noch bis zum 31.12.2036; vorher wird nichts entfernt.',
    );
    // the guards hold without the removal's mark, and with another producer named
    await expect(
      db.execute(sql`delete from documents where vendor_id = ${anna.vendorId}`),
    ).rejects.toThrow();
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('housnkuh.retention_removal', ${anna.vendorId}, true)`,
        );
        await tx.execute(sql`delete from documents where vendor_id = ${bernd.vendorId}`);
      }),
    ).rejects.toThrow();
    // a till line without a producer of its own goes only with the producer its assignment names
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('housnkuh.retention_removal', ${anna.vendorId}, true)`,
        );
        await tx.execute(sql`delete from sales_lines where receipt_id = 'L-late'`);
      }),
    ).rejects.toThrow();
    // a producer that is not deleted cannot be named
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('housnkuh.retention_removal', ${bernd.vendorId}, true)`,
        );
        await tx.execute(sql`delete from sales_lines where vendor_id = ${bernd.vendorId}`);
      }),
    ).rejects.toThrow();
    expect(
      (
        await shop.call(shop.adminToken, 'POST', `/api/admin/retention/${bernd.vendorId}/remove`)
      ).json().message,
    ).toBe('Dieses Konto ist nicht gelöscht.');

    const due = async () =>
      (await shop.call(shop.adminToken, 'GET', '/api/admin/dashboard')).json().todos.dueRemovals;
    expect(await due()).toBe(0);
    await shop.at('2037-01-01');
    // the owner's start page says that two deleted accounts may now be removed
    expect(await due()).toBe(2);
    const bernds = await documentsOf(bernd.vendorId);
    const removed = await shop.call(
      shop.adminToken,
      'POST',
      `/api/admin/retention/${anna.vendorId}/remove`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(
      'Die aufbewahrten Daten von Anna Seitz (Anna Seitz) sind entfernt.',
    );
    expect(await documentsOf(anna.vendorId)).toEqual([]);
    expect(await vendorRow(anna.vendorId)).toBeUndefined();
    expect(await db.select().from(payouts).where(eq(payouts.vendorId, anna.vendorId))).toEqual([]);
    // the line the shop assigned to her went with her, its assignment with it
    expect(await db.select().from(salesLines).where(eq(salesLines.receiptId, 'L-unknown'))).toEqual(
      [],
    );
    expect(
      await db
        .select()
        .from(salesLineAssignments)
        .where(eq(salesLineAssignments.vendorId, anna.vendorId)),
    ).toEqual([]);
    // the other producer's records are untouched
    expect(await documentsOf(bernd.vendorId)).toEqual(bernds);
    const [record] = await db
      .select()
      .from(vendorRemovals)
      .where(
        and(eq(vendorRemovals.vendorId, anna.vendorId), eq(vendorRemovals.kind, 'after-retention')),
      );
    expect(record).toMatchObject({
      retainedUntil: '2036-12-31',
      removedBy: 'Eva Muster',
      rows: expect.objectContaining({ documents: 2, salesLines: 2, payouts: 1, vendor: 1 }),
    });
    const [audit] = await db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, 'vendor.retention-removal'));
    expect(audit?.summary).toBe(
      'Die aufbewahrten Daten von Anna Seitz (Anna Seitz) sind entfernt.',
    );
    const overview = (await shop.call(shop.adminToken, 'GET', '/api/admin/retention')).json();
    expect(await due()).toBe(1);
    // Dora's records wait for the admin: due now, never removed by themselves
    expect(overview.retained).toEqual([expect.objectContaining({ id: dora.vendorId, due: true })]);
    expect(overview.removals[0]).toMatchObject({
      vendorId: anna.vendorId,
      kind: 'after-retention',
    });
    // the guards are back in force in the next transaction
    await expect(
      db.execute(sql`delete from documents where vendor_id = ${bernd.vendorId}`),
    ).rejects.toThrow();
  });

  it('a producer with nothing to keep goes entirely, at once', async () => {
    const clara = await producer(shop.t.database.db, { name: 'Clara Vogel' });
    await withPassword(clara);
    const email = (await vendorRow(clara))!.email;
    const { token } = await createSession(shop.t.database.db, 'vendor', clara);
    const asked = await shop.call(token, 'POST', '/api/vendor-auth/deletion', {
      password: TEST_PASSWORD,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({
      carriedOut: true,
      retainedUntil: null,
      message: 'Dein Konto ist gelöscht. Es gab nichts, was wir aufbewahren müssen.',
    });
    expect(await vendorRow(clara)).toBeUndefined();
    const mail = await shop.smtp.waitForMail(email, (m) => m.subject.includes('gelöscht'));
    expect(mail.text).toContain('Aufbewahren müssen wir nichts');
    const [record] = await shop.t.database.db
      .select()
      .from(vendorRemovals)
      .where(eq(vendorRemovals.vendorId, clara));
    expect(record).toMatchObject({
      kind: 'immediate',
      removedBy: 'Direktvermarkter (eigene Löschung)',
    });
  });
});
