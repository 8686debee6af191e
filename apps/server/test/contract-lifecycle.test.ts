import { addDays, formatIsoDay } from '@housnkuh/shared/format';
import { isMonthEnd } from '@housnkuh/shared/rental-terms';
import { registrationBody } from '@housnkuh/test-support/registration';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { admins } from '../src/modules/accounts/schema';
import { bookingRequests } from '../src/modules/bookings/schema';
import { contractEvents, contracts } from '../src/modules/contracts/schema';
import { listMietfaecher } from '../src/modules/contracts/mietfaecher.service';
import { terminateContract } from '../src/modules/contracts/vertraege.service';
import { contractJobApp, pendingBooking, pinDay } from './helpers';

// the day the file's tests run on (10:00 in Kronach): none of them sees it change
const today = pinDay();
const { t, smtp, admin, run } = contractJobApp();
let contractId = '';
let unitId = '';

beforeAll(async () => {
  await t.app.settings.update({ openingDate: null });
  const { bookingId } = await pendingBooking(t, admin, 'lauf@beispiel.de');
  const units = (await admin('GET', '/api/admin/mietfaecher?optionId=block-b')).json().mietfaecher;
  unitId = units[0].id;
  const approved = await admin('POST', `/api/admin/pending-bookings/${bookingId}/approve`, {
    mietfachIds: [unitId],
    startDate: today,
  });
  contractId = approved.json().contract.id;
  expect(approved.json().contract.status).toBe('scheduled');
});

const status = async () =>
  (await t.database.db.select().from(contracts).where(eq(contracts.id, contractId)))[0]!.status;

describe('before the opening date is set', () => {
  it('refuses the shop’s ordinary notice, and the form’s earliest end says why', async () => {
    const url = `/api/admin/vertraege/${contractId}`;
    const earliest = await admin('GET', `${url}/earliest-end?noticeDate=${today}&kind=shop`);
    expect(earliest.statusCode, earliest.body).toBe(400);
    expect(earliest.json().message).toContain('nur außerordentlich');
    const notice = await admin('POST', `${url}/terminate`, { kind: 'shop' });
    expect(notice.statusCode, notice.body).toBe(400);
    expect(notice.json().message).toContain('nur außerordentlich');
    const [row] = await t.database.db.select().from(contracts).where(eq(contracts.id, contractId));
    expect(row).toMatchObject({ status: 'scheduled', endDate: null });
    // the producer's own notice is still answered with a day
    const producers = await admin('GET', `${url}/earliest-end?noticeDate=${today}&kind=vendor`);
    expect(producers.statusCode, producers.body).toBe(200);
  });
});

describe('the daily contract job', () => {
  it('starts a pre-registered contract only once the shop opens, once', async () => {
    expect(await run(today)).toEqual({ activated: 0, ended: 0, mails: 0 });
    expect(await status()).toBe('scheduled');
    await t.app.settings.update({ openingDate: today });
    expect((await run(today)).activated).toBe(1);
    expect(await run(today)).toEqual({ activated: 0, ended: 0, mails: 0 });
    expect(await status()).toBe('active');
    const events = await t.database.db
      .select()
      .from(contractEvents)
      .where(eq(contractEvents.contractId, contractId));
    expect(events.map((event) => event.action)).toEqual(['created', 'activated']);
    const list = (await admin('GET', '/api/admin/vertraege')).json();
    expect(list.lifecycle).toMatchObject({ day: today, result: { activated: 0 } });
  });

  it('mails 7 days and 1 day before the trial ends and when the term begins, each once', async () => {
    smtp.clear();
    const trialEnd = addDays(today, 29);
    expect((await run(addDays(trialEnd, -7))).mails).toBe(1);
    expect((await run(addDays(trialEnd, -7))).mails).toBe(0);
    expect((await run(addDays(trialEnd, -5))).mails).toBe(0);
    const week = await smtp.waitFor((m) => m.subject.includes('in 7 Tagen'));
    expect(week.subject).toBe('Dein Probemonat bei housnkuh endet in 7 Tagen');
    expect(week.text).toContain(`endet am ${formatIsoDay(trialEnd)}`);
    expect(week.text).toContain('https://housnkuh.test/vendor/settings/cancel');

    expect((await run(addDays(trialEnd, -1))).mails).toBe(1);
    expect((await run(trialEnd)).mails).toBe(0);
    await smtp.waitFor((m) => m.subject === 'Dein Probemonat bei housnkuh endet morgen');

    expect((await run(addDays(trialEnd, 1))).mails).toBe(1);
    expect((await run(addDays(trialEnd, 2))).mails).toBe(0);
    await smtp.waitFor((m) => m.subject === 'Willkommen in der regulären Laufzeit bei housnkuh');
    const lifecycleMails = smtp.mails.filter(
      (m) => m.subject.includes('Probemonat') || m.subject.includes('Laufzeit'),
    );
    expect(lifecycleMails).toHaveLength(3);
  });

  it('ends a contract after its notice: the unit is free the next day, the job ends it once', async () => {
    const noticeDay = addDays(today, 40);
    const settings = await t.app.settings.reload();
    const [eva] = await t.database.db.select().from(admins);
    const detail = await terminateContract(
      t.database.db,
      settings,
      { id: eva!.id, name: eva!.name },
      contractId,
      { kind: 'vendor', noticeDate: noticeDay },
      noticeDay,
    );
    const end = detail.endDate!;
    // registrationBody books 6 months: the end is the month end after the term
    expect(isMonthEnd(end)).toBe(true);
    expect(end >= detail.termEndsOn!).toBe(true);

    const onLastDay = await listMietfaecher(t.database.db, {}, end);
    expect(onLastDay.mietfaecher.find((unit) => unit.id === unitId)!.state).toBe('occupied');
    const dayAfter = addDays(end, 1);
    const free = await listMietfaecher(t.database.db, {}, dayAfter);
    expect(free.mietfaecher.find((unit) => unit.id === unitId)!.state).toBe('free');

    expect((await run(end)).ended).toBe(0);
    expect((await run(dayAfter)).ended).toBe(1);
    expect((await run(dayAfter)).ended).toBe(0);
    expect(await status()).toBe('ended');
  });

  it('reminds of the free month once per producer, whatever number of contracts share it', async () => {
    const email = 'doppelt@beispiel.de';
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-auth/register',
      payload: registrationBody(email),
    });
    const vendorId = registered.json().userId as string;
    const [first] = await t.database.db
      .select()
      .from(bookingRequests)
      .where(eq(bookingRequests.vendorId, vendorId));
    // a second request of the same producer
    const { id: _id, createdAt: _created, updatedAt: _updated, ...copy } = first!;
    const [second] = await t.database.db
      .insert(bookingRequests)
      .values({ ...copy, origin: 'additional' })
      .returning();
    const units = (await admin('GET', '/api/admin/mietfaecher?optionId=block-b')).json()
      .mietfaecher;
    for (const [booking, unit, start] of [
      [first!.id, units[1].id, addDays(today, 2)],
      [second!.id, units[2].id, addDays(today, 5)],
    ] as const) {
      const approved = await admin('POST', `/api/admin/pending-bookings/${booking}/approve`, {
        mietfachIds: [unit],
        startDate: start,
      });
      expect(approved.statusCode, approved.body).toBe(200);
    }
    const freeEnd = addDays(today, 2 + 29);
    await run(addDays(today, 5));
    smtp.clear();
    expect((await run(addDays(freeEnd, -7))).mails).toBe(1);
    expect((await run(addDays(freeEnd, -1))).mails).toBe(1);
    const reminders = await smtp.waitFor(
      (m) => m.to === email && m.subject.includes('endet morgen'),
    );
    expect(reminders.text).toContain(`endet am ${formatIsoDay(freeEnd)}`);
    expect(
      smtp.mails.filter((m) => m.to === email && m.subject.includes('Probemonat')),
    ).toHaveLength(2);
  });
});
