import { inStoreEan } from '@housnkuh/shared/ean';
import { payoutStateText, type VendorPayoutMonth } from '@housnkuh/shared/schemas/vendor-payouts';
import { describe, expect, it } from 'vitest';
import { createSession } from '../src/modules/accounts/sessions.service';
import { producer } from './documents-fixtures';
import { appWithAdmin, dayByDay, shopReadyToSettle } from './helpers';
import { importSalesLines, product } from './sales-fixtures';

// The producer's money per settled month (issue 31 item 8, docs/decisions/0045):
// sales, deductions, payout and "überwiesen am …" / "wird bis 15.10. überwiesen" / owed, only
// ever the signed-in producer's own months.

const at = dayByDay('2026-09-20');

const { t, admin, call } = appWithAdmin();
let anna = '';
let bernd = '';
let clara = '';

const vendorToken = async (id: string) => (await createSession(t.database.db, 'vendor', id)).token;
const monthsOf = async (id: string) => {
  const response = await call(await vendorToken(id), 'GET', '/api/vendor-auth/payouts');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().months as Record<string, unknown>[];
};

describe('the producer’s payouts', () => {
  it('nothing before a month is final; only signed-in producers may ask', async () => {
    anna = (await producer(t.database.db, 'Anna Müller')).id;
    bernd = (await producer(t.database.db, 'Bernd Huber')).id;
    clara = (await producer(t.database.db, 'Clara Vogel')).id;
    expect(await monthsOf(anna)).toEqual([]);
    expect((await call(null, 'GET', '/api/vendor-auth/payouts')).statusCode).toBe(401);
    const token = await admin();
    expect((await call(token, 'GET', '/api/vendor-auth/payouts')).statusCode).toBe(401);
  });

  it('a final month: pending until the 15th of the next month, then transferred on the day marked; owed with its due day; never another producer’s', async () => {
    const token = await admin();
    await shopReadyToSettle(t.app, token);
    await product(t.database.db, anna, { name: 'Honig', ean: inStoreEan(2801), priceCents: 1000 });
    await product(t.database.db, bernd, { name: 'Käse', ean: inStoreEan(2802), priceCents: 2000 });
    await product(t.database.db, clara, { name: 'Eier', ean: inStoreEan(2803), priceCents: 100 });
    await importSalesLines(t.app, token, [
      `R-1;1;10.09.2026 09:15;${inStoreEan(2801)};Honig;1;10,00;7`,
      `R-2;1;11.09.2026 10:15;${inStoreEan(2802)};Käse;1;20,00;7`,
      `R-3;1;12.09.2026 11:15;${inStoreEan(2803)};Eier;1;1,00;7`,
    ]);

    at('2026-10-05');
    const later = await admin();
    expect(
      (await call(later, 'POST', '/api/admin/abrechnungen', { month: '2026-09' })).statusCode,
    ).toBe(200);
    const charged = await call(later, 'POST', '/api/admin/abrechnungen/2026-09/manual-lines', {
      vendorId: clara,
      kind: 'charge',
      text: 'Regalreinigung',
      grossCents: 500,
      vatRateBp: 1900,
    });
    expect(charged.statusCode, charged.body).toBe(200);
    const final = await call(later, 'POST', '/api/admin/abrechnungen/2026-09/finalize');
    expect(final.statusCode, final.body).toBe(200);

    const [annaMonth] = await monthsOf(anna);
    expect(annaMonth).toMatchObject({
      month: '2026-09',
      statementNumber: expect.stringMatching(/^VA-2026-\d{5}$/),
      salesGrossCents: 1000,
      payoutCents: 952,
      deductionsCents: 48,
      state: 'pending',
      day: '2026-10-15',
    });
    const [claraMonth] = await monthsOf(clara);
    expect(claraMonth).toMatchObject({
      salesGrossCents: 100,
      payoutCents: 100 - 5 - 500,
      deductionsCents: 505,
      state: 'owed',
      day: expect.stringMatching(/^2026-10-\d\d$/),
    });

    at('2026-10-07');
    const marker = await admin();
    const paid = await call(marker, 'POST', '/api/admin/abrechnungen/2026-09/payouts/paid', {
      vendorIds: [anna],
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await monthsOf(anna)).toEqual([
      expect.objectContaining({ month: '2026-09', state: 'transferred', day: '2026-10-07' }),
    ]);
    // Hof Huber's is still to come, and it sees only its own month
    const bernds = await monthsOf(bernd);
    expect(bernds).toEqual([
      expect.objectContaining({ salesGrossCents: 2000, state: 'pending', day: '2026-10-15' }),
    ]);
    expect(bernds[0]!.statementNumber).not.toBe(annaMonth!.statementNumber);
  });

  it('a correction that lowers a payout already transferred: the producer sees what it owes now', async () => {
    const token = await admin();
    const [before] = await monthsOf(anna);
    expect(before).toMatchObject({ state: 'transferred', payoutCents: 952 });
    // Anna's statement is cancelled and reissued with a charge of 3,00 €: its payout is still
    // positive (6,52 €) but 9,52 € were transferred, so Anna owes the 3,00 €
    const statement = await t.app.inject({
      method: 'GET',
      url: '/api/admin/documents?month=2026-09',
      headers: { authorization: `Bearer ${token}` },
    });
    const document = (
      statement.json().documents as { id: string; type: string; vendorId: string }[]
    ).find((doc) => doc.vendorId === anna && doc.type === 'verkaufsabrechnung');
    const cancelled = await call(token, 'POST', `/api/admin/documents/${document!.id}/cancel`, {
      reason: 'Regalreinigung vergessen',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const charged = await call(token, 'POST', '/api/admin/abrechnungen/2026-09/manual-lines', {
      vendorId: anna,
      kind: 'charge',
      text: 'Regalreinigung',
      grossCents: 300,
      vatRateBp: 1900,
    });
    expect(charged.statusCode, charged.body).toBe(200);
    const reissued = await call(token, 'POST', '/api/admin/abrechnungen/2026-09/finalize');
    expect(reissued.statusCode, reissued.body).toBe(200);
    const [after] = await monthsOf(anna);
    expect(after).toMatchObject({
      payoutCents: 652,
      state: 'owed',
      owedCents: 300,
      day: expect.stringMatching(/^2026-10-\d\d$/),
    });
    expect(payoutStateText(after as VendorPayoutMonth)).toMatch(/^du schuldest 3,00 €, fällig am /);
  });
});
