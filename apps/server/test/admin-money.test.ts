import { DATEV_DEFAULTS } from '@housnkuh/shared/schemas/billing';
import { clock } from '@housnkuh/shared/clock';
import { berlinInstant } from '@housnkuh/shared/format';
import { VAT_ID_ELSEWHERE } from '@housnkuh/shared/schemas/settings';
import { SETTLEMENT_MESSAGES } from '@housnkuh/shared/schemas/settlement';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingSettings } from '../src/modules/billing/schema';
import { documents } from '../src/modules/documents/schema';
import { outbox } from '../src/modules/mail/schema';
import { salesLines } from '../src/modules/sales/schema';
import {
  progressEnded,
  progressIssuing,
  progressStarted,
  progressStep,
} from '../src/modules/settlement/progress.service';
import { TEST_PASSWORD } from '@housnkuh/test-support/registration';
import { producer } from './documents-fixtures';
import { bearerSender, createTestApp, signedInAdmin, type TestApp } from './helpers';

// The owner's money pages (issue 31, docs/decisions/0044): a month whose draft was
// computed while nobody had anything to settle counts as settled ("nothing"), so the
// dashboard's "Monate warten auf die Abrechnung" can reach zero; the opening-date refusal
// names the settings section that exists; a producer with nothing to settle in a settled month
// gets no documents and no mail (item 16).

clock.set(berlinInstant('2026-10-05', '10:00'));
afterAll(() => clock.reset());

let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await createTestApp({
    config: { rateLimits: { global: 10_000, forms: 1000, login: 1000, sensitive: 1000 } },
  });
  token = await signedInAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const call = bearerSender(
  () => t,
  () => token,
);

describe('months with nothing to settle', () => {
  it('the opening-date refusal points to "Laden und Kontakt", the section that exists', async () => {
    const refused = await call('POST', '/api/admin/abrechnungen', { month: '2026-08' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SETTLEMENT_MESSAGES.noOpeningDate);
    expect(SETTLEMENT_MESSAGES.noOpeningDate).toContain('Einstellungen → Laden und Kontakt');
    expect(SETTLEMENT_MESSAGES.noOpeningDate).not.toContain('Allgemein');
  });

  it('a computed draft with nobody in it is "nothing" and not a to-do', async () => {
    await t.app.settings.update({ openingDate: '2026-08-01' });
    // the owner pressed "Entwurf berechnen" for August and September: nobody sold anything
    for (const month of ['2026-08', '2026-09']) {
      const drafted = await call('POST', '/api/admin/abrechnungen', { month });
      expect(drafted.statusCode, drafted.body).toBe(200);
      expect(drafted.json()).toMatchObject({ status: 'nothing', items: [] });
      const shown = await call('GET', `/api/admin/abrechnungen?month=${month}`);
      expect(shown.json()).toEqual({ success: true, month, status: 'nothing', items: [] });
    }
    const revenue = (await call('GET', '/api/admin/revenue?from=2026-08&to=2026-09')).json();
    expect(revenue.months.map((month: { status: string }) => month.status)).toEqual([
      'nothing',
      'nothing',
    ]);
    const dashboard = (await call('GET', '/api/admin/dashboard')).json();
    expect(dashboard.todos.monthsToSettle).toEqual([]);
  });
});

describe('finalizing progress', () => {
  it("says how far a running finalize is, and how many of the month's PDFs are rendered", async () => {
    const idle = await call('GET', '/api/admin/abrechnungen/2026-09/fortschritt');
    expect(idle.statusCode, idle.body).toBe(200);
    expect(idle.json()).toEqual({
      success: true,
      finalizing: null,
      pdfs: { rendered: 0, total: 0 },
    });
    // what the finalize call records while it runs (its transaction hides its rows)
    progressStarted('2026-09');
    expect((await call('GET', '/api/admin/abrechnungen/2026-09/fortschritt')).json()).toMatchObject(
      { finalizing: { phase: 'pruefen', done: 0, total: 0 } },
    );
    progressIssuing('2026-09', 14);
    progressStep('2026-09');
    progressStep('2026-09');
    expect((await call('GET', '/api/admin/abrechnungen/2026-09/fortschritt')).json()).toMatchObject(
      { finalizing: { phase: 'belege', done: 2, total: 14 } },
    );
    progressEnded('2026-09');
    expect(
      (await call('GET', '/api/admin/abrechnungen/2026-09/fortschritt')).json().finalizing,
    ).toBeNull();
  });

  it('admins only; a bad month is 404', async () => {
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/admin/abrechnungen/2026-09/fortschritt',
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await call('GET', '/api/admin/abrechnungen/2026-13/fortschritt');
    expect(bad.statusCode).toBe(404);
  });
});

describe('the VAT id is asked once', () => {
  it('lives in the billing data and the Impressum publishes it; the Steuernummer never', async () => {
    const saved = await call('PUT', '/api/admin/billing-settings', {
      steuernummer: '218/123/45678',
      ustIdNr: 'de 123456789',
      iban: 'de89 3704 0044 0532 0130 00',
      bic: null,
      kontoinhaber: 'Eva Muster',
      zahlungszielTage: 14,
      besteuerung: 'soll',
      abrechnungAb: null,
      datev: {
        beraternummer: null,
        mandantennummer: null,
        ...DATEV_DEFAULTS,
        aufwandskontoErstattung: 4980,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(published.statusCode).toBe(200);
    expect(published.body).toContain('DE123456789');
    expect(published.body).not.toContain('218/123/45678');
  });

  it('the legal data take no VAT id: a form opened before a change cannot put an old one back', async () => {
    const before = (await call('GET', '/api/admin/settings')).json().settings;
    expect(before.legal.vatId).toBe('DE123456789');
    // an old client sends the VAT id with the legal data: refused in German, nothing changes
    const refused = await call('PATCH', '/api/admin/settings', {
      legal: { ...before.legal, ownerName: 'Eva Neu', vatId: 'DE999999999' },
    });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain(VAT_ID_ELSEWHERE);
    expect((await call('GET', '/api/admin/settings')).json().settings).toEqual(before);

    // the billing data change the VAT id; the legal data are saved afterwards from a form
    // loaded before that: the Impressum shows the billing data's new VAT id, at once
    const billing = (await call('GET', '/api/admin/billing-settings')).json().settings;
    const changed = await call('PUT', '/api/admin/billing-settings', {
      ...billing,
      ustIdNr: 'DE987654321',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const { vatId: _old, ...legalForm } = before.legal;
    const saved = await call('PATCH', '/api/admin/settings', {
      legal: { ...legalForm, ownerName: 'Eva Neu' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = (await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json();
    expect(published.settings.legal).toMatchObject({ ownerName: 'Eva Neu', vatId: 'DE987654321' });

    // no VAT id in the billing data: none in the Impressum
    const cleared = await call('PUT', '/api/admin/billing-settings', { ...billing, ustIdNr: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const none = (await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json();
    expect(none.settings.legal.vatId).toBe('');
  });
});

describe('a producer with nothing to settle', () => {
  it('gets no draft, no documents and no mail when the others of its month are settled', async () => {
    // no contracts here: a producer has something to settle only by its sales lines
    await t.app.settings.update({
      openingDate: '2026-08-01',
      phone: '09261 123456',
      legal: { ...(await t.app.settings.get()).legal, ownerName: 'Eva Muster' },
    });
    await t.database.db
      .insert(billingSettings)
      .values({
        id: 1,
        steuernummer: '218/123/45678',
        iban: 'DE89370400440532013000',
        kontoinhaber: 'Eva Muster',
      })
      .onConflictDoNothing();
    const seller = await producer(t.database.db, 'Sara Verkauf');
    const idle = await producer(t.database.db, 'Nils Nichts');
    await t.database.db.insert(salesLines).values({
      receiptId: 'NOTHING-1',
      position: 1,
      soldAt: berlinInstant('2026-10-06', '11:00'),
      ean: '2000000000015',
      articleText: 'Honig',
      quantityThousandths: 1000,
      unitPriceGrossCents: 1200,
      vatRateBp: 700,
      lineTotalGrossCents: 1200,
      vendorId: seller.id,
      source: 'csv',
      raw: 'NOTHING-1;1',
    });
    clock.set(berlinInstant('2026-11-03', '10:00'));
    // a fresh session at the new time (sessions last 8 hours)
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'eva', password: TEST_PASSWORD },
    });
    token = login.json().token as string;
    const drafted = await call('POST', '/api/admin/abrechnungen', { month: '2026-10' });
    expect(drafted.statusCode, drafted.body).toBe(200);
    const vendorsIn = (body: { items: { vendorId: string }[] }) =>
      body.items.map((item) => item.vendorId);
    expect(vendorsIn(drafted.json())).toContain(seller.id);
    expect(vendorsIn(drafted.json())).not.toContain(idle.id);

    const finalized = await call('POST', '/api/admin/abrechnungen/2026-10/finalize');
    expect(finalized.statusCode, finalized.body).toBe(200);
    const shown = (await call('GET', '/api/admin/abrechnungen?month=2026-10')).json();
    expect(shown.status).toBe('final');
    expect(vendorsIn(shown)).toEqual([seller.id]);
    const documentsOf = (vendorId: string) =>
      t.database.db.select().from(documents).where(eq(documents.vendorId, vendorId));
    expect(await documentsOf(seller.id)).toHaveLength(2);
    expect(await documentsOf(idle.id)).toEqual([]);
    const mailsTo = (email: string) =>
      t.database.db.select().from(outbox).where(eq(outbox.toAddress, email));
    expect(await mailsTo(seller.email)).toHaveLength(1);
    expect(await mailsTo(idle.email)).toEqual([]);
  });
});
