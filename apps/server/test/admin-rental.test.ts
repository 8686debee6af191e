import { addDays } from '@housnkuh/shared/format';
import { monthEnd } from '@housnkuh/shared/rental-terms';
import { registrationBody } from '@housnkuh/test-support/registration';
import { and, count, eq, inArray, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingRequests } from '../src/modules/bookings/schema';
import { contractEvents, contracts, rentalUnits } from '../src/modules/contracts/schema';
import { outbox } from '../src/modules/mail/schema';
import { appWithSmtp, adminSender, pinDay, confirmedProducer } from './helpers';

// the day the file's tests run on (10:00 in Kronach): none of them sees it change
const today = pinDay();
const { t, smtp } = appWithSmtp({
  config: { rateLimits: { global: 10_000, forms: 1000, login: 1000, sensitive: 1000 } },
});
beforeAll(async () => {
  await t.app.settings.update({ openingDate: '2026-07-01' });
});

const admin = adminSender(() => t);

/** Registers a producer (2 × block-a, 1 × block-cold, Premium, Lagerservice, 6 months), confirmed and signed in. */
async function producer(email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/vendor-auth/register',
    payload: registrationBody(email),
  });
  expect(response.statusCode).toBe(200);
  const token = (await confirmedProducer(t, smtp, email))!;
  const id = response.json().userId as string;
  const pending = (await admin('GET', '/api/admin/pending-bookings')).json().bookings;
  const booking = pending.find((b: { vendor: { id: string } }) => b.vendor.id === id);
  return { id, token, bookingId: booking.id as string };
}

async function units() {
  const list = (await admin('GET', '/api/admin/mietfaecher')).json();
  const byName = new Map<string, { id: string; state: string; isActive: boolean }>(
    list.mietfaecher.map((unit: { name: string }) => [unit.name, unit]),
  );
  return { ...list, unit: (name: string) => byName.get(name)! };
}

describe('/api/admin/mietfaecher', () => {
  it('lists the shop floor of the initial data, all free, with the occupancy per type', async () => {
    const list = await units();
    expect(list.mietfaecher.length).toBeGreaterThanOrEqual(40);
    expect(list.unit('A1')).toMatchObject({
      optionId: 'block-a',
      priceCents: 3500,
      isActive: true,
      state: 'free',
      occupiedUntil: null,
      holder: null,
    });
    expect(list.occupancy).toContainEqual({
      optionId: 'block-a',
      total: 12,
      occupied: 0,
      percent: 0,
    });
    const cold = (await admin('GET', '/api/admin/mietfaecher?optionId=block-cold')).json();
    expect(
      cold.mietfaecher.every((unit: { optionId: string }) => unit.optionId === 'block-cold'),
    ).toBe(true);
    expect(cold.mietfaecher).toHaveLength(6);
  });

  it('creates a unit at the catalog price, refuses bad input in German and a taken name', async () => {
    const created = await admin('POST', '/api/admin/mietfaecher', {
      name: 'A13',
      optionId: 'block-a',
      standort: 'Regalwand hinten',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().mietfach).toMatchObject({ name: 'A13', priceCents: 3500, state: 'free' });

    const [before] = await t.database.db.select({ n: count() }).from(rentalUnits);
    const cases: [object, string][] = [
      [{ name: 'A1', optionId: 'block-a' }, 'Ein Mietfach mit diesem Namen gibt es schon.'],
      [{ name: '', optionId: 'block-a' }, 'Bitte gib einen Namen oder eine Nummer ein.'],
      [{ name: 'X1', optionId: 'kiste' }, 'Bitte wähle einen Typ.'],
      [{ name: 'X1', optionId: 'block-a', priceCents: -1 }, 'Monatspreis'],
      [{ name: 'X1', optionId: 'block-a', priceCents: 12.5 }, 'Monatspreis'],
      [{ name: 'X1', optionId: 'block-a', isActive: 'ja' }, 'Bitte ja oder nein angeben.'],
    ];
    for (const [body, message] of cases) {
      const response = await admin('POST', '/api/admin/mietfaecher', body);
      expect([400, 409], JSON.stringify(body)).toContain(response.statusCode);
      expect(JSON.stringify(response.json()), JSON.stringify(body)).toContain(message);
    }
    const [after] = await t.database.db.select({ n: count() }).from(rentalUnits);
    expect(after!.n).toBe(before!.n);
    const empty = await admin('PATCH', `/api/admin/mietfaecher/${created.json().mietfach.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Die Anfrage ist ungültig.');
    const gone = await admin('PATCH', '/api/admin/mietfaecher/kein-fach', { priceCents: 100 });
    expect(gone.statusCode).toBe(404);
  });
});

describe('/api/admin/pending-bookings', () => {
  it('approves with units: contract with number, prices and units, the producer mailed, the units occupied', async () => {
    const huber = await producer('huber@beispiel.de');
    const queue = (await admin('GET', '/api/admin/pending-bookings')).json().bookings;
    expect(queue[0]).toMatchObject({
      vendor: { id: huber.id, email: 'huber@beispiel.de' },
      origin: 'registration',
      packageData: {
        selectedProvisionType: 'premium',
        packageCounts: { 'block-a': 2, 'block-cold': 1 },
        rentalDuration: 6,
      },
    });

    const list = await units();
    const url = `/api/admin/pending-bookings/${huber.bookingId}/approve`;
    const a1 = list.unit('A1').id;
    const a2 = list.unit('A2').id;
    const k1 = list.unit('K1').id;
    const bad: [object, string][] = [
      [{ mietfachIds: [], startDate: today }, 'Bitte wähle mindestens ein Mietfach.'],
      [
        // a start in the past is allowed (0028); its other rules still hold
        { mietfachIds: [a1], startDate: addDays(today, -1), priceCents: { [a1]: 3000 } },
        'Bitte begründe den geänderten Preis.',
      ],
      [{ mietfachIds: [a1], startDate: '2026-02-30' }, 'Dieses Datum gibt es nicht'],
      [{ mietfachIds: [a1, 'gibt-es-nicht'], startDate: today }, 'gibt es nicht (mehr)'],
      [
        { mietfachIds: [a1], startDate: today, priceCents: { [a1]: 3000 } },
        'Bitte begründe den geänderten Preis.',
      ],
      [
        { mietfachIds: [a1], startDate: today, priceCents: { [k1]: 3000 }, priceReason: 'x' },
        'Ein Preis gehört zu keinem der gewählten Mietfächer.',
      ],
    ];
    for (const [body, message] of bad) {
      const response = await admin('POST', url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.json()), JSON.stringify(body)).toContain(message);
    }
    expect(await t.database.db.select().from(contracts)).toEqual([]);

    const approved = await admin('POST', url, {
      mietfachIds: [a1, a2, k1],
      startDate: today,
      priceCents: { [k1]: 4500 },
      priceReason: 'Kühlfach am Eingang, kleiner',
    });
    expect(approved.statusCode).toBe(200);
    const { contract } = approved.json();
    expect(contract.number).toMatch(/^V-\d{4}-0001$/);
    expect(contract).toMatchObject({
      vendorId: huber.id,
      status: 'active',
      provisionType: 'premium',
      startDate: today,
      // 35 + 35 + 45 + 20 (Lagerservice) = 135 €, 5 % off for 6 months
      monthlyPriceCents: 12825,
      zusatzleistungen: { lagerservice: true, versandservice: false },
      endDate: null,
    });
    expect(contract.mietfaecher).toEqual([
      { id: a1, name: 'A1', priceCents: 3500 },
      { id: a2, name: 'A2', priceCents: 3500 },
      { id: k1, name: 'K1', priceCents: 4500 },
    ]);
    // no trial yet used, the shop open: 30 days from the start
    expect(contract.trialEndsOn).toBe(addDays(today, 29));

    const mail = await smtp.waitFor(
      (m) => m.to === 'huber@beispiel.de' && m.subject.includes('bestätigt'),
    );
    expect(mail.subject).toBe(
      `Deine Buchung bei housnkuh ist bestätigt (Vertrag ${contract.number})`,
    );
    expect(mail.text).toContain('A1 (Verkaufsblock Lage A): 35,00 € im Monat');
    expect(mail.text).toContain('K1 (Kühlfach): 45,00 € im Monat');
    expect(mail.text).toContain('Monatlich: 128,25 €');
    expect(mail.text).toContain('Dein kostenloser Probemonat läuft vom');

    const after = await units();
    expect(after.unit('A1')).toMatchObject({
      state: 'occupied',
      holder: { vendorId: huber.id, number: contract.number },
    });
    expect(after.occupancy).toContainEqual({
      optionId: 'block-a',
      total: 13,
      occupied: 2,
      percent: 15,
    });

    // the producer sees the contract with the booking
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/vendor-auth/bookings/${huber.id}`,
      headers: { authorization: `Bearer ${huber.token}` },
    });
    const booking = own.json().bookings.find((b: { id: string }) => b.id === huber.bookingId);
    expect(booking).toMatchObject({ status: 'approved', contract: { number: contract.number } });

    // and the admin sees it with the producer
    const detail = (await admin('GET', `/api/admin/users/vendors/${huber.id}`)).json();
    expect(detail.vendor.contracts).toEqual([
      expect.objectContaining({ number: contract.number, mietfaecher: contract.mietfaecher }),
    ]);

    // decided once
    const again = await admin('POST', url, { mietfachIds: [list.unit('A3').id], startDate: today });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Über diese Buchungsanfrage ist schon entschieden.');

    // a held unit cannot be deactivated or deleted
    const deactivate = await admin('PATCH', `/api/admin/mietfaecher/${a1}`, { isActive: false });
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json().message).toContain('Mietfach A1 ist an');
    expect(deactivate.json().message).toContain('Deaktivieren geht erst, wenn der Vertrag endet.');
    expect((await admin('DELETE', `/api/admin/mietfaecher/${a1}`)).statusCode).toBe(409);
    const a13 = after.unit('A13').id;
    expect((await admin('DELETE', `/api/admin/mietfaecher/${a13}`)).statusCode).toBe(200);

    const log = (await admin('GET', '/api/admin/audit?entity=booking')).json();
    expect(log.entries[0].summary).toContain(`Vertrag ${contract.number}`);
  });

  it('two approvals for one unit at the same time: one contract, the other refused with 409', async () => {
    const first = await producer('erste@beispiel.de');
    const second = await producer('zweite@beispiel.de');
    const a5 = (await units()).unit('A5').id;
    const body = { mietfachIds: [a5], startDate: addDays(today, 3) };
    const answers = await Promise.all([
      admin('POST', `/api/admin/pending-bookings/${first.bookingId}/approve`, body),
      admin('POST', `/api/admin/pending-bookings/${second.bookingId}/approve`, body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!.json();
    expect(refused.message).toContain('Mietfach A5 ist ab');
    expect(refused.message).toContain('nicht frei');
    const winner = answers.find((a) => a.statusCode === 200)!.json().contract;
    expect(winner.status).toBe('scheduled');
    const a5Now = (await units()).unit('A5');
    expect(a5Now).toMatchObject({ state: 'reserved', holder: { number: winner.number } });
    const loser = [first, second].find((p) => p.id !== winner.vendorId)!;
    const [stillPending] = await t.database.db
      .select({ status: bookingRequests.status })
      .from(bookingRequests)
      .where(eq(bookingRequests.id, loser.bookingId));
    expect(stillPending!.status).toBe('pending');
  });

  it('rejects with a reason, mailed to the producer; without a reason nothing changes', async () => {
    const meier = await producer('meier@beispiel.de');
    const url = `/api/admin/pending-bookings/${meier.bookingId}/reject`;
    const empty = await admin('POST', url, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].message).toBe(
      'Bitte gib einen Grund an (er geht an den Direktvermarkter).',
    );
    const rejected = await admin('POST', url, {
      reason: 'Alle Kühlfächer sind bis Jahresende vergeben.',
    });
    expect(rejected.statusCode).toBe(200);
    const mail = await smtp.waitFor(
      (m) => m.to === 'meier@beispiel.de' && m.subject.startsWith('Deine Buchungsanfrage'),
    );
    expect(mail.text).toContain('Der Grund: Alle Kühlfächer sind bis Jahresende vergeben.');
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/vendor-auth/bookings/${meier.id}`,
      headers: { authorization: `Bearer ${meier.token}` },
    });
    expect(own.json().bookings[0]).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Alle Kühlfächer sind bis Jahresende vergeben.',
      contract: null,
    });
    expect((await admin('POST', url, { reason: 'nochmal' })).statusCode).toBe(409);
    expect(
      (await admin('POST', '/api/admin/pending-bookings/kein-eintrag/reject', { reason: 'x' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('/api/admin/vertraege', () => {
  it('lists the contracts with producer, phase and earliest end; records a notice in the trial', async () => {
    const list = (await admin('GET', '/api/admin/vertraege')).json().vertraege;
    const huber = list.find((c: { number: string }) => c.number.endsWith('-0001'));
    expect(huber).toMatchObject({
      phase: 'trial',
      statusLabel: expect.stringMatching(/^Probemonat bis \d{2}\.\d{2}\.\d{4}$/),
      earliestEnd: today,
      termination: null,
    });
    const inTrial = (await admin('GET', '/api/admin/vertraege?phase=trial')).json().vertraege;
    expect(inTrial.every((c: { phase: string }) => c.phase === 'trial')).toBe(true);
    const paged = (await admin('GET', '/api/admin/vertraege?limit=1&page=2')).json();
    expect(paged.vertraege).toHaveLength(1);
    expect(paged.pagination).toMatchObject({ page: 2, limit: 1, totalCount: list.length });
    const found = (await admin('GET', `/api/admin/vertraege?search=${huber.number}`)).json();
    expect(found.vertraege.map((c: { id: string }) => c.id)).toEqual([huber.id]);
    expect((await admin('GET', '/api/admin/vertraege?search=%00')).statusCode).toBe(400);

    const url = `/api/admin/vertraege/${huber.id}`;
    const earliest = (query: string) =>
      admin('GET', `${url}/earliest-end?noticeDate=${today}${query}`).then(
        (response) => response.json().earliestEnd as string,
      );
    // only the producer ends at once in its free month; the shop after the booked term
    expect(await earliest('&kind=vendor')).toBe(today);
    expect(await earliest('')).toBe(monthEnd(huber.termEndsOn));
    expect(await earliest('&kind=shop')).toBe(monthEnd(huber.termEndsOn));
    const bad: [object, string][] = [
      [{ kind: 'jemand' }, 'Bitte wähle, wer kündigt.'],
      [{ kind: 'vendor', noticeDate: addDays(today, 1) }, 'darf nicht in der Zukunft liegen'],
      [{ kind: 'vendor', endDate: addDays(today, -1) }, 'frühestens am'],
    ];
    for (const [body, message] of bad) {
      const response = await admin('POST', `${url}/terminate`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.json()), JSON.stringify(body)).toContain(message);
    }

    const ended = await admin('POST', `${url}/terminate`, { kind: 'vendor' });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().vertrag).toMatchObject({
      endDate: today,
      phase: 'notice',
      termination: { kind: 'vendor', noticeGivenOn: today },
    });
    expect(ended.json().vertrag.history.map((e: { action: string }) => e.action)).toEqual([
      'created',
      'terminated.vendor',
    ]);
    const mail = await smtp.waitFor((m) =>
      m.subject.includes(`${huber.number} bei housnkuh endet`),
    );
    expect(mail.text).toContain('wir haben deine Kündigung vom');
    expect(mail.text).toContain('A1, A2, K1');
    // the units are held through today and free from tomorrow
    expect((await units()).unit('A1')).toMatchObject({ state: 'occupied', occupiedUntil: today });
    expect((await admin('POST', `${url}/terminate`, { kind: 'shop' })).statusCode).toBe(409);
  });

  it('an extraordinary termination needs a date from today on and a reason', async () => {
    const scheduled = (await admin('GET', '/api/admin/vertraege?phase=scheduled')).json()
      .vertraege[0];
    const url = `/api/admin/vertraege/${scheduled.id}/extraordinary`;
    const missing = await admin('POST', url, { endDate: addDays(today, 10) });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain(
      'Bitte gib den Grund der außerordentlichen Kündigung an.',
    );
    const past = await admin('POST', url, {
      endDate: addDays(today, -1),
      reason: 'Zahlungsverzug',
    });
    expect(past.json().errors[0].message).toBe('Das Ende darf nicht in der Vergangenheit liegen.');
    const done = await admin('POST', url, {
      endDate: addDays(today, 10),
      reason: 'Zahlungsverzug über 30 Tage',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().vertrag).toMatchObject({
      endDate: addDays(today, 10),
      termination: { kind: 'extraordinary', reason: 'Zahlungsverzug über 30 Tage' },
    });
    expect(done.json().vertrag.statusLabel).toMatch(/^gekündigt zum /);
    expect((await units()).unit('A5')).toMatchObject({
      state: 'reserved',
      occupiedUntil: addDays(today, 10),
    });
  });
});

describe('the producer’s contracts (/api/vendor-auth/contracts)', () => {
  it('lists its own contracts; notice in the trial ends at once and frees the unit; others get 404', async () => {
    const own = await producer('kuendigt@beispiel.de');
    const stranger = await producer('fremd@beispiel.de');
    const a7 = (await units()).unit('A7').id;
    await admin('POST', `/api/admin/pending-bookings/${own.bookingId}/approve`, {
      mietfachIds: [a7],
      startDate: today,
    });
    const vendor = (method: 'GET' | 'POST', url: string, who: string, body?: object) =>
      t.app.inject({
        method,
        url,
        headers: who ? { authorization: `Bearer ${who}` } : {},
        ...(body ? { payload: body } : {}),
      });
    const list = (await vendor('GET', '/api/vendor-auth/contracts', own.token)).json();
    expect(list.contracts).toHaveLength(1);
    const contract = list.contracts[0];
    expect(contract).toMatchObject({ phase: 'trial', earliestEnd: today, vendorId: own.id });
    expect(
      (await vendor('GET', '/api/vendor-auth/contracts', stranger.token)).json().contracts,
    ).toEqual([]);
    expect((await vendor('GET', '/api/vendor-auth/contracts', '')).statusCode).toBe(401);
    expect((await vendor('GET', '/api/vendor-auth/contracts', admin.token())).statusCode).toBe(401);

    const url = `/api/vendor-auth/contracts/${contract.id}/notice`;
    expect((await vendor('POST', url, stranger.token, {})).statusCode).toBe(404);
    const notice = await vendor('POST', url, own.token, { reason: 'Zu weit weg' });
    expect(notice.statusCode).toBe(200);
    expect(notice.json().contract).toMatchObject({ endDate: today, phase: 'notice' });
    expect(notice.json().message).toContain(`endet am ${today.split('-').reverse().join('.')}`);
    expect((await units()).unit('A7')).toMatchObject({ state: 'occupied', occupiedUntil: today });
    await smtp.waitFor((m) => m.to === 'kuendigt@beispiel.de' && m.subject.includes('endet am'));
    expect((await vendor('POST', url, own.token, {})).statusCode).toBe(409);
  });

  it('cancelling a booking in its trial ends the contract today and frees its units', async () => {
    const p = await producer('storniert@beispiel.de');
    const a8 = (await units()).unit('A8').id;
    await admin('POST', `/api/admin/pending-bookings/${p.bookingId}/approve`, {
      mietfachIds: [a8],
      startDate: today,
    });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/vendor-auth/cancel-trial-booking/${p.bookingId}`,
      headers: { authorization: `Bearer ${p.token}` },
      payload: {},
    });
    expect(cancel.statusCode).toBe(200);
    expect((await units()).unit('A8')).toMatchObject({ occupiedUntil: today });
  });
});

describe('one contract state: the free month is the producer’s', () => {
  const day = (iso: string) => iso.split('-').reverse().join('.');

  /** A second request of the producer (1 × block-a, 3 months), pending in the queue. */
  async function additional(p: { id: string; token: string }) {
    const more = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-auth/additional-booking',
      headers: { authorization: `Bearer ${p.token}` },
      payload: {
        userId: p.id,
        packageData: {
          selectedProvisionType: 'basic',
          packageCounts: { 'block-a': 1 },
          rentalDuration: 3,
          packageOptions: [{ id: 'block-a', name: 'x', price: 1 }],
          totalCost: { monthly: 0, provision: 4 },
        },
      },
    });
    expect(more.statusCode).toBe(200);
    return more.json().booking.id as string;
  }

  const own = (p: { token: string }) =>
    t.app
      .inject({
        method: 'GET',
        url: '/api/vendor-auth/contracts',
        headers: { authorization: `Bearer ${p.token}` },
      })
      .then((response) => response.json().contracts as Record<string, unknown>[]);

  it('two approvals for one producer in parallel: the mails name the final free month', async () => {
    const p = await producer('parallel-frei@beispiel.de');
    const second = await additional(p);
    const later = addDays(today, 10);
    const earlier = addDays(today, 3);
    const answers = await Promise.all([
      admin('POST', `/api/admin/pending-bookings/${p.bookingId}/approve`, {
        mietfachIds: [(await units()).unit('A4').id],
        startDate: later,
      }),
      admin('POST', `/api/admin/pending-bookings/${second}/approve`, {
        mietfachIds: [(await units()).unit('A6').id],
        startDate: earlier,
      }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.toAddress, 'parallel-frei@beispiel.de'), eq(outbox.kind, 'booking-approved')),
      );
    expect(mails).toHaveLength(2);
    const texts = mails.map((mail) => JSON.stringify(mail));
    const final = `${day(earlier)} bis ${day(addDays(earlier, 29))}`;
    expect(texts.some((text) => text.includes(final))).toBe(true);
    // a mail that named the later start's free month is corrected by the other ("bisher vom …")
    if (texts.some((text) => text.includes(`vom ${day(later)} bis`))) {
      expect(texts.some((text) => text.includes(`bisher vom ${day(later)}`))).toBe(true);
    }
  });

  it('an earlier start approved before the free month begins moves it for all contracts, and says so', async () => {
    const p = await producer('frueher@beispiel.de');
    const later = addDays(today, 10);
    await admin('POST', `/api/admin/pending-bookings/${p.bookingId}/approve`, {
      mietfachIds: [(await units()).unit('A12').id],
      startDate: later,
    });
    const first = await smtp.waitFor(
      (m) => m.to === 'frueher@beispiel.de' && m.subject.includes('bestätigt'),
    );
    expect(first.text).toContain(
      `Dein kostenloser Probemonat läuft vom ${day(later)} bis ${day(addDays(later, 29))}`,
    );

    const second = await additional(p);
    const earlier = addDays(today, 3);
    const approved = await admin('POST', `/api/admin/pending-bookings/${second}/approve`, {
      mietfachIds: [(await units()).unit('B1').id],
      startDate: earlier,
    });
    expect(approved.statusCode).toBe(200);
    const freeMonth = { start: earlier, end: addDays(earlier, 29) };
    const moved = await smtp.waitFor(
      (m) => m.to === 'frueher@beispiel.de' && m.subject.includes('bestätigt') && m !== first,
    );
    expect(moved.text).toContain(
      `Er läuft jetzt vom ${day(freeMonth.start)} bis ${day(freeMonth.end)} (bisher vom ${day(later)} bis ${day(addDays(later, 29))})`,
    );
    const contracts = await own(p);
    expect(contracts).toHaveLength(2);
    for (const contract of contracts) expect(contract.freeMonth).toEqual(freeMonth);
    const [byStart, laterOne] = [...contracts].sort((a, b) =>
      String(a.startDate).localeCompare(String(b.startDate)),
    );
    expect(byStart).toMatchObject({ trialStartsOn: earlier, trialEndsOn: freeMonth.end });
    // the later contract has the free month's remaining days, its term starts after it
    expect(laterOne).toMatchObject({ trialStartsOn: later, trialEndsOn: freeMonth.end });
    // no screen shows an end before the start, nor a free month where the contract has none
    for (const contract of contracts) {
      expect(contract.earliestEnd).toBeNull();
      expect(contract.endsAtOnce).toBe(true);
    }
  });

  it('a contract cancelled before its start is storniert: no end date, its unit free, not counted for the free month', async () => {
    const p = await producer('storno@beispiel.de');
    const start = addDays(today, 5);
    const c1 = (await units()).unit('B2').id;
    await admin('POST', `/api/admin/pending-bookings/${p.bookingId}/approve`, {
      mietfachIds: [c1],
      startDate: start,
    });
    const [contract] = await own(p);
    const notice = await t.app.inject({
      method: 'POST',
      url: `/api/vendor-auth/contracts/${contract!.id}/notice`,
      headers: { authorization: `Bearer ${p.token}` },
      payload: {},
    });
    expect(notice.statusCode).toBe(200);
    expect(notice.json().message).toContain(`vor seinem Beginn am ${day(start)} storniert`);
    expect(notice.json().contract).toMatchObject({
      phase: 'cancelled',
      statusLabel: 'storniert',
      endDate: null,
      earliestEnd: null,
      freeMonth: null,
    });
    expect((await units()).unit('B2')).toMatchObject({ state: 'free', occupiedUntil: null });
    // its own mail: storniert, no end date, nothing to clear
    const mail = await smtp.waitFor(
      (m) =>
        m.to === 'storno@beispiel.de' && m.subject.startsWith(`Dein Vertrag ${contract!.number}`),
    );
    expect(mail.subject).toContain(`Dein Vertrag ${contract!.number}`);
    expect(mail.subject).toContain('ist storniert');
    expect(mail.text).toContain(`vor seinem Beginn am ${day(start)} storniert`);
    expect(mail.text).not.toContain('endet am');
    expect(mail.text).not.toContain('räume');
    const detail = (await admin('GET', `/api/admin/vertraege/${contract!.id}`)).json().vertrag;
    expect(detail).toMatchObject({ phase: 'cancelled', endDate: null });
    const bookings = (
      await t.app.inject({
        method: 'GET',
        url: `/api/vendor-auth/bookings/${p.id}`,
        headers: { authorization: `Bearer ${p.token}` },
      })
    ).json().bookings;
    expect(bookings[0]).toMatchObject({ cancellable: false, contract: { phase: 'cancelled' } });
  });

  it('the shop’s ordinary notice keeps the notice rules; an earlier end needs the extraordinary one', async () => {
    const p = await producer('laden@beispiel.de');
    await admin('POST', `/api/admin/pending-bookings/${p.bookingId}/approve`, {
      mietfachIds: [(await units()).unit('B3').id],
      startDate: today,
    });
    const [contract] = await own(p);
    const url = `/api/admin/vertraege/${contract!.id}/terminate`;
    const sameDay = await admin('POST', url, { kind: 'shop', endDate: today });
    expect(sameDay.statusCode).toBe(400);
    expect(sameDay.json().message).toContain('nur als außerordentliche Kündigung');
    const ordinary = await admin('POST', url, { kind: 'shop' });
    expect(ordinary.statusCode).toBe(200);
    expect(ordinary.json().vertrag.endDate).toBe(monthEnd(String(contract!.termEndsOn)));
  });
});

describe('the units an approval may choose (freeFrom)', () => {
  it('offers the units free from the start date: freed before it yes, held on or after it no; the approval checks the same', async () => {
    const leaving = await producer('geht@beispiel.de');
    const coming = await producer('kommt@beispiel.de');
    const later = await producer('spaeter@beispiel.de');
    const b4 = (await units()).unit('B4').id;
    const b5 = (await units()).unit('B5').id;
    await admin('POST', `/api/admin/pending-bookings/${leaving.bookingId}/approve`, {
      mietfachIds: [b4],
      startDate: today,
    });
    await admin('POST', `/api/admin/pending-bookings/${later.bookingId}/approve`, {
      mietfachIds: [b5],
      startDate: addDays(today, 10),
    });
    const [contract] = await t.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.bookingRequestId, leaving.bookingId));
    // the producer ends at once in its free month: B4 is held today, free from tomorrow
    const notice = await t.app.inject({
      method: 'POST',
      url: `/api/vendor-auth/contracts/${contract!.id}/notice`,
      headers: { authorization: `Bearer ${leaving.token}` },
      payload: {},
    });
    expect(notice.statusCode).toBe(200);
    const freeFrom = async (day: string) =>
      (await admin('GET', `/api/admin/mietfaecher?freeFrom=${day}`))
        .json()
        .mietfaecher.map((unit: { name: string }) => unit.name) as string[];
    expect(await freeFrom(today)).not.toContain('B4');
    expect(await freeFrom(addDays(today, 1))).toContain('B4');
    for (const day of [today, addDays(today, 10), addDays(today, 20)]) {
      expect(await freeFrom(day)).not.toContain('B5');
    }
    expect((await admin('GET', '/api/admin/mietfaecher?freeFrom=morgen')).statusCode).toBe(400);

    const approve = (startDate: string) =>
      admin('POST', `/api/admin/pending-bookings/${coming.bookingId}/approve`, {
        mietfachIds: [b4],
        startDate,
      });
    expect((await approve(today)).statusCode).toBe(409);
    expect((await approve(addDays(today, 1))).statusCode).toBe(200);
  });
});

describe('safe admin actions: a preview before the termination or change', () => {
  it('previews the end date, the units freed and the real mail, and changes and sends nothing', async () => {
    const p = await producer('vorschau@beispiel.de');
    const b6 = (await units()).unit('B6');
    await admin('POST', `/api/admin/pending-bookings/${p.bookingId}/approve`, {
      mietfachIds: [b6.id],
      startDate: today,
    });
    const [contract] = await t.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.bookingRequestId, p.bookingId));
    const url = `/api/admin/vertraege/${contract!.id}`;
    const before = (await admin('GET', url)).json().vertrag;
    const sent = async () =>
      (
        await t.database.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.toAddress, 'vorschau@beispiel.de'), like(outbox.kind, 'contract-%')))
      ).length;

    const ordinary = await admin('POST', `${url}/terminate/preview`, { kind: 'shop' });
    expect(ordinary.statusCode, ordinary.body).toBe(200);
    const end = monthEnd(before.termEndsOn);
    const day = (iso: string) => iso.split('-').reverse().join('.');
    expect(ordinary.json().preview).toMatchObject({
      endDate: end,
      storniert: false,
      units: ['B6'],
      mail: {
        to: 'vorschau@beispiel.de',
        subject: expect.stringContaining(`endet am ${day(end)}`),
        text: expect.stringContaining('hiermit kündigen wir deinen Vertrag fristgerecht'),
      },
    });

    const grounded = await admin('POST', `${url}/extraordinary/preview`, {
      endDate: today,
      ground: 'payment-default',
    });
    expect(grounded.statusCode, grounded.body).toBe(200);
    expect(grounded.json().preview.mail.text).toContain(
      'Grund: Zahlungsverzug von mehr als 30 Tagen',
    );
    const noReason = await admin('POST', `${url}/extraordinary/preview`, {
      endDate: today,
      ground: 'other',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([
      { field: 'reason', message: 'Bitte gib den Grund der außerordentlichen Kündigung an.' },
    ]);

    const b7 = (await units()).unit('B7');
    const change = await admin('POST', `${url}/change/preview`, {
      validFrom: addDays(today, 5),
      mietfachIds: [b7.id],
      reason: 'Tausch',
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json().preview).toMatchObject({
      validFrom: addDays(today, 5),
      units: ['B6'],
      mail: { subject: expect.stringContaining(`ändert sich ab ${day(addDays(today, 5))}`) },
    });

    // nothing happened
    expect((await admin('GET', url)).json().vertrag).toMatchObject({
      endDate: null,
      versions: before.versions,
      history: before.history,
    });
    expect((await units()).unit('B7')).toMatchObject({ state: 'free' });
    expect(await sent()).toBe(0);

    // the real thing: a same-day end by the shop only as extraordinary, mailed with its ground
    const done = await admin('POST', `${url}/extraordinary`, {
      endDate: today,
      ground: 'understocking',
      reason: 'seit drei Wochen fast leer',
    });
    expect(done.statusCode, done.body).toBe(200);
    const mail = await smtp.waitFor(
      (m) => m.to === 'vorschau@beispiel.de' && m.subject.includes('endet am'),
    );
    expect(mail.text).toContain(
      'Grund: Unterbestückung von mehr als 50 % über mehr als 7 Tage: seit drei Wochen fast leer',
    );
    // a terminated contract takes no change after its end
    const late = await admin('POST', `${url}/change/preview`, {
      validFrom: addDays(today, 5),
      mietfachIds: [b7.id],
      reason: 'Tausch',
    });
    expect(late.statusCode).toBe(400);
  });
});

describe('notice and cancelling the trial booking on one contract', () => {
  async function approvedInTrial(email: string, unitName: string) {
    const p = await producer(email);
    const unit = (await units()).unit(unitName).id;
    await admin('POST', `/api/admin/pending-bookings/${p.bookingId}/approve`, {
      mietfachIds: [unit],
      startDate: today,
    });
    const [contract] = await t.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.bookingRequestId, p.bookingId));
    const as = (url: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${p.token}` },
        payload: {},
      });
    return {
      notice: () => as(`/api/vendor-auth/contracts/${contract!.id}/notice`),
      cancel: () => as(`/api/vendor-auth/cancel-trial-booking/${p.bookingId}`),
      /** The terminations written and the producer's mails about its end. */
      async ends() {
        const events = await t.database.db
          .select()
          .from(contractEvents)
          .where(
            and(
              eq(contractEvents.contractId, contract!.id),
              like(contractEvents.action, 'terminated%'),
            ),
          );
        const mails = await t.database.db
          .select()
          .from(outbox)
          .where(
            and(
              eq(outbox.toAddress, email),
              inArray(outbox.kind, ['contract-terminated', 'booking-cancelled']),
            ),
          );
        return { terminations: events.length, mails: mails.length };
      },
    };
  }

  it('one after the other: the second is refused, one termination, one mail', async () => {
    const first = await approvedInTrial('nacheinander@beispiel.de', 'A9');
    expect((await first.notice()).statusCode).toBe(200);
    const refused = await first.cancel();
    expect(refused.statusCode).toBe(409);
    expect(await first.ends()).toEqual({ terminations: 1, mails: 1 });

    const second = await approvedInTrial('umgekehrt@beispiel.de', 'A10');
    expect((await second.cancel()).statusCode).toBe(200);
    expect((await second.notice()).statusCode).toBe(409);
    expect(await second.ends()).toEqual({ terminations: 1, mails: 1 });
  });

  it('in parallel: exactly one succeeds, one termination, one mail', async () => {
    const p = await approvedInTrial('parallel@beispiel.de', 'A11');
    const answers = await Promise.all([p.notice(), p.cancel()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await p.ends()).toEqual({ terminations: 1, mails: 1 });
  });
});

describe('POST /api/admin/vertraege/lifecycle', () => {
  it('runs the daily contract job now, for today only, and records it', async () => {
    const ran = await admin('POST', '/api/admin/vertraege/lifecycle', {});
    expect(ran.statusCode).toBe(200);
    expect(ran.json().message).toMatch(/^Die Vertragsprüfung ist gelaufen: \d+ begonnen/);
    expect(ran.json().lifecycle.day).toBe(today);
    const list = (await admin('GET', '/api/admin/vertraege')).json();
    expect(list.lifecycle.day).toBe(today);
    const other = await admin('POST', '/api/admin/vertraege/lifecycle', {
      day: addDays(today, 30),
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('Die Vertragsprüfung läuft nur für den heutigen Tag.');
    const audit = (await admin('GET', '/api/admin/audit?search=Vertragspr%C3%BCfung')).json();
    expect(JSON.stringify(audit)).toContain('von Hand ausgeführt');
  });
});
