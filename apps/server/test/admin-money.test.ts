import { clock } from '@housnkuh/shared/clock';
import { berlinInstant } from '@housnkuh/shared/format';
import { VAT_ID_ELSEWHERE } from '@housnkuh/shared/schemas/settings';
import { SETTLEMENT_MESSAGES } from '@housnkuh/shared/schemas/settlement';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  progressEnded,
  progressIssuing,
  progressStarted,
  progressStep,
} from '../src/modules/settlement/progress.service';
import { createTestApp, signedInAdmin, type TestApp } from './helpers';

// The owner's money pages (issue 31, docs/decisions/0044): a month whose draft was
// computed while nobody had anything to settle counts as settled ("nothing"), so the
// dashboard's "Monate warten auf die Abrechnung" can reach zero; the opening-date refusal
// names the settings section that exists.

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

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });

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
        sachkontenlaenge: 4,
        erloeskontoMiete: 8400,
        erloeskontoProvision: 8519,
        erloeskontoErmaessigt: 8300,
        debitorenkontoStart: 10000,
        verrechnungskonto: 1590,
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
