import { clock } from '@housnkuh/shared/clock';
import { berlinInstant } from '@housnkuh/shared/format';
import { SETTLEMENT_MESSAGES } from '@housnkuh/shared/schemas/settlement';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInAdmin, type TestApp } from './helpers';

// The owner's money pages (issue 31, docs/decisions/0044-adminmoney): a month whose draft was
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

const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
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
