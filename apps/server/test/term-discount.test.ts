import { calculatePrice } from '@housnkuh/shared/pricing';
import { addDays, formatEuro, formatIsoDay } from '@housnkuh/shared/format';
import { monthEnd, periodEnd, termEndReminder } from '@housnkuh/shared/rental-terms';
import { settleMonth } from '@housnkuh/shared/settlement';
import { registrationBody } from '@housnkuh/test-support/registration';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { closeMonth } from '../src/modules/closing/public';
import { settlementContracts } from '../src/modules/contracts/public';
import { modelPreview } from '../src/modules/contracts/versions.service';
import { contractVersions } from '../src/modules/contracts/schema';
import { contractJobApp, pendingBooking, pinDay } from './helpers';

// Item 21 of issue 30 (AGB § 4 Abs. 3, "Der Rabatt gilt für die gebuchte Laufzeit"): a 6-month
// contract with the duration discount that runs on month by month pays the undiscounted price
// from the day after its term: the daily contract job writes that version, the history shows
// it, the reminder before the term's end says so, and the settlement's rent follows.
const today = pinDay();
const { t, smtp, admin, run } = contractJobApp();

/** A producer booking 6 months (registrationBody), approved on one block-b from `start`. */
async function sixMonthContract(email: string, unitIndex: number, start: string) {
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/vendor-auth/register',
    payload: registrationBody(email, {
      packageData: {
        selectedProvisionType: 'basic',
        packageCounts: { 'block-b': 1 },
        rentalDuration: 6,
        zusatzleistungen: { lagerservice: false, versandservice: false },
        packageOptions: [{ id: 'block-b', name: 'Verkaufsblock Lage B', price: 15 }],
        totalCost: { monthly: 14.25, oneTime: 0, provision: 4 },
        discount: 0.05,
      },
    }),
  });
  expect(registered.statusCode, registered.body).toBe(200);
  const vendorId = registered.json().userId as string;
  const booking = (await admin('GET', '/api/admin/pending-bookings'))
    .json()
    .bookings.find((b: { vendor: { id: string } }) => b.vendor.id === vendorId);
  const units = (await admin('GET', '/api/admin/mietfaecher?optionId=block-b')).json().mietfaecher;
  const approved = await admin('POST', `/api/admin/pending-bookings/${booking.id}/approve`, {
    mietfachIds: [units[unitIndex].id],
    startDate: start,
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return { vendorId, contractId: approved.json().contract.id as string, price: 0 };
}

const catalog = (rentalDuration: number) =>
  calculatePrice({
    packageOptions: [{ id: 'block-b', name: 'B', price: 1500 }],
    rentalDuration,
    provisionRate: 4,
  }).monthlyTotal;

beforeAll(async () => {
  await t.app.settings.update({ openingDate: today });
});

describe('the duration discount holds for the booked term (AGB § 4 Abs. 3)', () => {
  it('from the day after the term the undiscounted price: a version by the job, in the history, once; the rent follows', async () => {
    const { vendorId, contractId } = await sixMonthContract('rabatt@beispiel.de', 0, today);
    // free month: today + 29 days; the booked term: 6 months from the day after
    const termEnd = periodEnd(addDays(today, 30), 6);
    const from = addDays(termEnd, 1);
    expect(catalog(6)).toBe(1425);
    expect(catalog(1)).toBe(1500);

    await run(today);
    expect((await run(termEnd)).mails).toBe(0);
    const before = await t.database.db
      .select()
      .from(contractVersions)
      .where(eq(contractVersions.contractId, contractId));
    expect(before.map((v) => [v.validFrom, v.monthlyPriceCents])).toEqual([[today, 1425]]);

    // two instances at once, and again later: one version
    await Promise.all([run(from), run(from)]);
    await run(addDays(from, 3));
    const detail = await admin('GET', `/api/admin/vertraege/${contractId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const vertrag = detail.json().vertrag;
    expect(
      vertrag.versions.map((v: { validFrom: string; monthlyPriceCents: number }) => [
        v.validFrom,
        v.monthlyPriceCents,
      ]),
    ).toEqual([
      [today, 1425],
      [from, 1500],
    ]);
    expect(vertrag.versions[1]).toMatchObject({
      actorName: 'System',
      reason: expect.stringContaining('AGB § 4 Abs. 3'),
    });
    const changed = vertrag.history.filter(
      (event: { action: string }) => event.action === 'changed',
    );
    expect(changed).toHaveLength(1);
    expect(changed[0].summary).toBe(
      `Ab ${formatIsoDay(from)}: Laufzeitrabatt endet mit der gebuchten Laufzeit (bis ${formatIsoDay(termEnd)}); monatlich 14,25 € → 15,00 €.`,
    );

    // the settlement reads the versions per day: month 7 (the month after the term's) at 15,00 €
    const seventh = addDays(monthEnd(from), 1).slice(0, 7);
    const termMonth = termEnd.slice(0, 7);
    const settle = async (month: string) => {
      const inputs = await settlementContracts(t.database.db, month, today);
      const own = inputs.get(vendorId)!;
      return settleMonth({
        month,
        freeMonth: own.freeMonth,
        contracts: own.contracts,
        sales: [],
        manualLines: [],
        openItems: [],
        shopVatRateBp: 1900,
      });
    };
    expect((await settle(seventh)).rentGrossCents).toBe(1500);

    // the producer's preview of a model switch after the term: the price without the discount
    const preview = await modelPreview(
      t.database.db,
      vendorId,
      contractId,
      'premium',
      today,
      addDays(termEnd, 5),
    );
    expect(preview).toMatchObject({ currentMonthlyPriceCents: 1500, monthlyPriceCents: 1500 });
    const days = Number(monthEnd(termEnd).slice(8, 10));
    const inTerm = Number(termEnd.slice(8, 10));
    expect((await settle(termMonth)).rentGrossCents).toBe(
      inTerm === days
        ? 1425
        : Math.round((1425 * inTerm) / days) + Math.round((1500 * (days - inTerm)) / days),
    );
  });

  it('tells the producer before the term ends: when to give notice, that the discount ends, the new price', async () => {
    await sixMonthContract('erinnerung@beispiel.de', 1, today);
    const termEnd = periodEnd(addDays(today, 30), 6);
    const { noticeBy, remindOn } = termEndReminder(termEnd);
    smtp.clear();
    expect((await run(addDays(remindOn, -1))).mails).toBe(0);
    // this producer's, and the first test's producer's (same term; never reminded so far)
    expect((await run(remindOn)).mails).toBe(2);
    expect((await run(addDays(remindOn, 1))).mails).toBe(0);
    expect((await run(noticeBy)).mails).toBe(0);
    const mail = await smtp.waitFor(
      (m) => m.to === 'erinnerung@beispiel.de' && m.subject.includes('gebuchte Laufzeit'),
    );
    expect(mail.subject).toBe(
      `Deine gebuchte Laufzeit bei housnkuh endet am ${formatIsoDay(termEnd)}`,
    );
    expect(mail.text).toContain(`bis zum ${formatIsoDay(noticeBy)} bei uns sein`);
    expect(mail.text).toContain(
      `Dein Laufzeitrabatt gilt nur für die gebuchte Laufzeit (AGB § 4 Abs. 3): Ab dem ${formatIsoDay(addDays(termEnd, 1))} zahlst du ${formatEuro(1500)} statt ${formatEuro(1425)} im Monat.`,
    );
    await smtp.waitFor((m) => m.to === 'rabatt@beispiel.de' && m.subject.includes('Laufzeit'));
    expect(smtp.mails.filter((m) => m.subject.includes('gebuchte Laufzeit'))).toHaveLength(2);
  });

  it('a change of the terms from a day after the term is priced without the discount', async () => {
    const { contractId } = await sixMonthContract('aenderung@beispiel.de', 3, today);
    const termEnd = periodEnd(addDays(today, 30), 6);
    const unit = (await admin('GET', `/api/admin/vertraege/${contractId}`)).json().vertrag
      .versions[0].mietfaecher[0].id as string;
    const change = (validFrom: string, cents: number) =>
      admin('POST', `/api/admin/vertraege/${contractId}/change`, {
        validFrom,
        priceCents: { [unit]: cents },
        reason: 'Neuer Preis',
      });
    // in the term: 16,00 € less 5 %
    const inTerm = await change(addDays(today, 60), 1600);
    expect(inTerm.statusCode, inTerm.body).toBe(200);
    // after it: 17,00 €, no discount
    const after = await change(addDays(termEnd, 5), 1700);
    expect(after.statusCode, after.body).toBe(200);
    const versions = (await admin('GET', `/api/admin/vertraege/${contractId}`)).json().vertrag
      .versions as { validFrom: string; monthlyPriceCents: number }[];
    expect(versions.map((v) => [v.validFrom, v.monthlyPriceCents])).toEqual([
      [today, 1425],
      [addDays(today, 60), 1520],
      [addDays(termEnd, 5), 1700],
    ]);
    // the job's version from the day after the term goes before the planned change
    await run(addDays(termEnd, 1));
    const withJob = (await admin('GET', `/api/admin/vertraege/${contractId}`)).json().vertrag
      .versions as { validFrom: string; monthlyPriceCents: number }[];
    expect(withJob.map((v) => [v.validFrom, v.monthlyPriceCents])).toEqual([
      [today, 1425],
      [addDays(today, 60), 1520],
      [addDays(termEnd, 1), 1600],
      [addDays(termEnd, 5), 1700],
    ]);
  });

  it('a Premium contract with Lagerservice: after the term the services’ part is undiscounted too', async () => {
    const { vendorId, bookingId } = await pendingBooking(t, admin, 'premium@beispiel.de');
    const units = (await admin('GET', '/api/admin/mietfaecher?optionId=block-b')).json()
      .mietfaecher;
    const approved = await admin('POST', `/api/admin/pending-bookings/${bookingId}/approve`, {
      mietfachIds: [units[4].id],
      startDate: today,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const termEnd = periodEnd(addDays(today, 30), 6);
    await run(addDays(termEnd, 1));
    const month = addDays(monthEnd(addDays(termEnd, 1)), 1).slice(0, 7);
    const own = (await settlementContracts(t.database.db, month, today)).get(vendorId)!;
    const versions = own.contracts[0]!.versions;
    // 15,00 € + Lagerservice 20,00 €: 33,25 € in the term (5 % off), 35,00 € after it
    expect(versions.map((v) => [v.monthlyPriceCents, v.servicesMonthlyCents])).toEqual([
      [3325, 1900],
      [3500, 2000],
    ]);
  });

  it('a job that runs late never writes into a settled month: from the first day of the next open month', async () => {
    const { contractId } = await sixMonthContract('spaet@beispiel.de', 2, today);
    const termEnd = periodEnd(addDays(today, 30), 6);
    const dayAfter = addDays(termEnd, 1);
    // the month of the day after the term is settled before the job sees the contract again
    await closeMonth(t.database.db, dayAfter.slice(0, 7));
    const nextOpen = addDays(monthEnd(dayAfter), 1);
    await run(addDays(nextOpen, 2));
    const versions = await t.database.db
      .select()
      .from(contractVersions)
      .where(eq(contractVersions.contractId, contractId));
    expect(versions.map((v) => [v.validFrom, v.monthlyPriceCents]).sort()).toEqual([
      [today, 1425],
      [nextOpen, 1500],
    ]);
    // the other contracts (their versions written before) are untouched
    const detail = await admin('GET', `/api/admin/vertraege/${contractId}`);
    expect(
      detail.json().vertrag.history.find((event: { action: string }) => event.action === 'changed')
        .summary,
    ).toContain(`Ab ${formatIsoDay(nextOpen)} (die Tage davor sind bereits abgerechnet)`);
  });
});
