import { addDays, formatIsoDay } from '@housnkuh/shared/format';
import { registrationBody } from '@housnkuh/test-support/registration';
import { linkToken } from '@housnkuh/test-support/smtp-catcher';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/modules/accounts/sessions.service';
import { runWaitlist } from '../src/modules/bookings/waitlist.service';
import { appWithSmtp, pinDay, signedInAdmin } from './helpers';

// The waiting list (docs/decisions/0074), on the embedded database and on PostgreSQL. The
// worker is off: each test runs the list itself, for the day it needs.
const today = pinDay();
const tomorrow = addDays(today, 1);
const { t, smtp } = appWithSmtp({
  config: {
    rateLimits: { global: 10_000, forms: 1000, login: 1000, sensitive: 1000 },
    jobDayOverride: true,
  },
  build: { startWaitlist: false },
});
let token = '';
beforeAll(async () => {
  token = await signedInAdmin(t);
});

// the answers as JSON, read by the assertions (their shapes are the shared schemas')
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const call = async (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  auth = true,
) => {
  const response = await t.app.inject({
    method,
    url,
    headers: auth ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: response.statusCode, body: response.json() as Json };
};
const ok = async (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown, auth = true) => {
  const answer = await call(method, url, body, auth);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

const pkg = (optionId: string, count = 1) => ({
  selectedProvisionType: 'basic',
  packageCounts: { [optionId]: count },
  rentalDuration: 3,
});

/** A producer registers for the package; answers its pending request's id. */
async function register(email: string, name: string, packageData: Json) {
  await ok(
    'POST',
    '/api/vendor-auth/register',
    registrationBody(email, { name, unternehmen: `Hof ${name}`, packageData }),
    false,
  );
  const pending = (await ok('GET', '/api/admin/pending-bookings')).bookings as Json[];
  return pending.find((booking) => booking.vendor.email === email)!.id as string;
}

async function unitsOf(optionId: string) {
  return (await ok('GET', `/api/admin/mietfaecher?optionId=${optionId}`)).mietfaecher as Json[];
}

/** Every unit of the type rented out from today, one producer each; answers their contracts' ids. */
async function fillType(optionId: string, prefix: string) {
  const contracts: string[] = [];
  for (const [index, unit] of (await unitsOf(optionId)).entries()) {
    const booking = await register(
      `${prefix}${index}@beispiel.de`,
      `${prefix}${index}`,
      pkg(optionId),
    );
    const approved = await ok('POST', `/api/admin/pending-bookings/${booking}/approve`, {
      mietfachIds: [unit.id],
      startDate: today,
    });
    contracts.push(approved.contract.id);
  }
  return contracts;
}

/** The shop ends a contract today (its units are free from tomorrow). */
const endToday = (contractId: string) =>
  ok('POST', `/api/admin/vertraege/${contractId}/extraordinary`, {
    endDate: today,
    reason: 'Der Stand wird aufgegeben.',
  });

/** A pending request as its producer sees it under Meine Buchungen (its own session). */
async function ownView(bookingId: string) {
  const pending = (await ok('GET', '/api/admin/pending-bookings')).bookings as Json[];
  const vendorId = pending.find((booking) => booking.id === bookingId)!.vendor.id as string;
  const session = await createSession(t.database.db, 'vendor', vendorId);
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/vendor-auth/bookings/${vendorId}`,
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(response.statusCode).toBe(200);
  return (response.json().bookings as Json[]).find((booking) => booking.id === bookingId)!;
}

const run = async (day: string) =>
  (await ok('POST', '/api/admin/warteliste/run', { day })).result as {
    lapsed: number;
    offered: number;
  };

const listOf = async (optionId: string) =>
  ((await ok('GET', '/api/admin/warteliste')).types as Json[]).find(
    (type) => type.optionId === optionId,
  )!;

const offerMail = (email: string) =>
  smtp.waitFor((mail) => mail.to === email && mail.subject.startsWith('Ein Mietfach ist frei'));

describe('the waiting list', () => {
  it('a request for a full type waits on its list; the owner reorders and removes with a reason, each in the Protokoll', async () => {
    await fillType('window-large', 'gross');
    const first = await register('wl-erste@beispiel.de', 'Erste', pkg('window-large'));
    const second = await register('wl-zweite@beispiel.de', 'Zweite', pkg('window-large'));
    // a request for a type with free units is no entry
    await register('wl-frei@beispiel.de', 'Frei', pkg('block-b'));

    let list = await listOf('window-large');
    expect(list).toMatchObject({ total: 1, free: 0, reserved: 0 });
    expect(list.entries.map((entry: Json) => [entry.place, entry.bookingId])).toEqual([
      [1, first],
      [2, second],
    ]);
    expect((await listOf('block-b')).entries).toEqual([]);

    const secondEntry = list.entries[1].id;
    const moved = await ok('POST', `/api/admin/warteliste/${secondEntry}/move`, {
      optionId: 'window-large',
      direction: 'up',
    });
    expect(moved.message).toBe('Die Reihenfolge ist geändert.');
    list = await listOf('window-large');
    expect(list.entries.map((entry: Json) => entry.bookingId)).toEqual([second, first]);
    const again = await call('POST', `/api/admin/warteliste/${secondEntry}/move`, {
      optionId: 'window-large',
      direction: 'up',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Die Anfrage steht schon an erster Stelle.');
    expect(
      (
        await call('POST', `/api/admin/warteliste/${secondEntry}/move`, {
          optionId: 'block-b',
          direction: 'down',
        })
      ).status,
    ).toBe(409);

    // removing needs a reason
    const noReason = await call('POST', `/api/admin/warteliste/${secondEntry}/remove`, {
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toContainEqual({
      field: 'reason',
      message: 'Bitte gib einen Grund an.',
    });
    await ok('POST', `/api/admin/warteliste/${secondEntry}/remove`, {
      reason: 'Hat telefonisch abgesagt.',
    });
    list = await listOf('window-large');
    expect(list.entries.map((entry: Json) => entry.bookingId)).toEqual([first]);
    // the request itself still waits for the admin's decision
    const pending = (await ok('GET', '/api/admin/pending-bookings')).bookings as Json[];
    expect(pending.some((booking) => booking.id === second)).toBe(true);

    const audit = (await ok('GET', '/api/admin/audit?limit=50')).entries as Json[];
    const summaries = audit.map((entry) => entry.summary as string);
    expect(summaries).toContain('Warteliste Schaufenster groß: Hof Zweite von Platz 2 auf Platz 1');
    expect(summaries).toContain(
      'Hof Zweite von der Warteliste genommen: Hat telefonisch abgesagt.',
    );

    // no one else's business: the list is the admin's
    const producer = await t.app.inject({ method: 'GET', url: '/api/admin/warteliste' });
    expect(producer.statusCode).toBe(401);
    // nonsense ids are "not found", not errors
    expect(
      (await call('POST', '/api/admin/warteliste/kein-eintrag/remove', { reason: 'x' })).status,
    ).toBe(404);
  });

  it('a contract ends: the first gets the offer by mail with its unit reserved; approvals onto it are refused; declining passes it on; accepting makes a request for the approval', async () => {
    const [contract] = await fillType('window-small', 'klein');
    // window-small has two units: a second contract for the other
    const firstUnitBooking = await register('wk-a@beispiel.de', 'Anton', pkg('window-small'));
    const secondUnitBooking = await register('wk-b@beispiel.de', 'Berta', pkg('window-small'));
    const carla = await register('wk-c@beispiel.de', 'Carla', pkg('window-small'));
    expect((await listOf('window-small')).entries).toHaveLength(3);
    // nothing is free: a run offers nothing
    expect(await run(today)).toEqual({ lapsed: 0, offered: 0 });

    await endToday(contract!);
    // still held today
    expect(await run(today)).toEqual({ lapsed: 0, offered: 0 });
    // free tomorrow: one offer for the one free unit, to the first
    expect(await run(tomorrow)).toEqual({ lapsed: 0, offered: 1 });
    expect(await run(tomorrow)).toEqual({ lapsed: 0, offered: 0 });
    const mail = await offerMail('wk-a@beispiel.de');
    const validUntil = addDays(tomorrow, 7);
    expect(mail.text).toContain(`bis einschließlich ${formatIsoDay(validUntil)}`);
    expect(mail.text).toMatch(/S\d \(Schaufenster klein\)/);
    const link = linkToken(mail.text, '/warteliste/angebot');

    const list = await listOf('window-small');
    expect(list).toMatchObject({ reserved: 1 });
    expect(list.entries[0]).toMatchObject({
      bookingId: firstUnitBooking,
      state: 'offered',
      offer: { state: 'open', validUntil },
    });
    const reservedUnit = list.entries[0].offer.units[0];
    // each producer sees its own place and offer, nothing of the others
    expect((await ownView(firstUnitBooking)).waitlist).toEqual({
      places: [{ name: 'Schaufenster klein', place: 1, of: 3 }],
      offer: { state: 'open', validUntil, units: [reservedUnit.name] },
    });
    expect((await ownView(carla)).waitlist).toEqual({
      places: [{ name: 'Schaufenster klein', place: 3, of: 3 }],
      offer: null,
    });
    const offers = (await ok('GET', '/api/admin/warteliste')).offers as Json[];
    expect(offers).toHaveLength(1);
    expect(offers[0]!.units).toEqual([reservedUnit]);
    // the Protokoll
    const audit = (await ok('GET', '/api/admin/audit?limit=50')).entries as Json[];
    expect(audit.map((entry) => entry.summary)).toContain(
      `Angebot der Warteliste an Hof Anton: ${reservedUnit.name}, gültig bis ${formatIsoDay(validUntil)}`,
    );

    // the reserved unit is no one else's
    const refused = await call('POST', `/api/admin/pending-bookings/${carla}/approve`, {
      mietfachIds: [reservedUnit.id],
      startDate: tomorrow,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Mietfach ${reservedUnit.name} ist für ein Angebot der Warteliste reserviert (Hof Anton, bis ${formatIsoDay(validUntil)}).`,
    );

    // nor can the owner take it off the floor while the offer holds it: nothing changes
    const reservedMessage = `Mietfach ${reservedUnit.name} ist für ein Angebot der Warteliste reserviert (Hof Anton, bis ${formatIsoDay(validUntil)}). Deaktivieren, Löschen oder einen anderen Typ gibt es erst, wenn das Angebot erledigt ist (Warteliste, Offene Buchungen).`;
    // (today the ending contract still holds it: the answer names both)
    const held = (what: string) =>
      `Mietfach ${reservedUnit.name} ist bis ${formatIsoDay(today)} an Hof klein\\d vermietet \\(Vertrag V-\\d{4}-\\d{4}\\); ${what} geht erst, wenn der Vertrag endet\\.`;
    for (const [method, body, what] of [
      ['PATCH', { isActive: false }, 'Deaktivieren'],
      ['PATCH', { optionId: 'window-large' }, 'den Typ zu ändern'],
      ['DELETE', undefined, 'Löschen'],
    ] as const) {
      const retire = await call(method, `/api/admin/mietfaecher/${reservedUnit.id}`, body);
      expect(retire.status).toBe(409);
      expect(retire.body).toEqual({ success: false, message: expect.any(String) });
      const [heldPart, reservedPart] = retire.body.message.split(/(?<=endet\.) /);
      expect(heldPart).toMatch(new RegExp(`^${held(what)}$`));
      expect(reservedPart).toBe(reservedMessage);
    }
    const units = (await ok('GET', '/api/admin/mietfaecher?optionId=window-small')).mietfaecher;
    expect(units.find((unit: Json) => unit.id === reservedUnit.id)).toMatchObject({
      isActive: true,
      optionId: 'window-small',
    });
    // a change that keeps it on the floor is fine
    await ok('PATCH', `/api/admin/mietfaecher/${reservedUnit.id}`, { standort: 'Eingang' });

    // the offer's page, by the link; a wrong token is "not found"
    const view = await ok('GET', `/api/warteliste/angebot/${link}`, undefined, false);
    expect(view.offer).toMatchObject({
      state: 'open',
      name: 'Anton',
      validUntil,
      units: [{ name: reservedUnit.name, optionId: 'window-small' }],
    });
    expect(
      (await call('GET', `/api/warteliste/angebot/${'x'.repeat(43)}`, undefined, false)).status,
    ).toBe(404);
    expect((await call('GET', '/api/warteliste/angebot/kurz', undefined, false)).status).toBe(404);

    // Anton declines: his request ends, the unit goes to the next
    const declined = await ok('POST', '/api/warteliste/angebot/ablehnen', { token: link }, false);
    expect(declined.message).toContain('abgelehnt');
    expect(
      (await call('POST', '/api/warteliste/angebot/annehmen', { token: link }, false)).body.message,
    ).toBe('Über dieses Angebot ist schon entschieden.');
    expect(await run(tomorrow)).toEqual({ lapsed: 0, offered: 1 });
    const bertaLink = linkToken((await offerMail('wk-b@beispiel.de')).text, '/warteliste/angebot');

    // Berta accepts: her request waits for the approval, the unit still reserved for it
    const accepted = await ok(
      'POST',
      '/api/warteliste/angebot/annehmen',
      { token: bertaLink },
      false,
    );
    expect(accepted.message).toContain('liegt jetzt beim Laden zur Bestätigung');
    await smtp.waitFor(
      (m) => m.subject === 'Angebot angenommen: Hof Berta' && m.text.includes(reservedUnit.name),
    );
    const pending = (await ok('GET', '/api/admin/pending-bookings')).bookings as Json[];
    expect(pending.find((booking) => booking.id === secondUnitBooking)).toMatchObject({
      waitlist: {
        state: 'accepted',
        offer: { state: 'accepted', units: [{ id: reservedUnit.id, name: reservedUnit.name }] },
      },
    });
    expect(pending.some((booking) => booking.id === firstUnitBooking)).toBe(false);
    // still no one else's, and a later run offers it to no one
    expect(
      (
        await call('POST', `/api/admin/pending-bookings/${carla}/approve`, {
          mietfachIds: [reservedUnit.id],
          startDate: tomorrow,
        })
      ).status,
    ).toBe(409);
    expect(await run(addDays(tomorrow, 20))).toEqual({ lapsed: 0, offered: 0 });

    // the admin approves Berta's request onto it
    const approved = await ok('POST', `/api/admin/pending-bookings/${secondUnitBooking}/approve`, {
      mietfachIds: [reservedUnit.id],
      startDate: tomorrow,
    });
    expect(approved.contract.mietfaecher.map((unit: Json) => unit.id)).toEqual([reservedUnit.id]);
    const after = await listOf('window-small');
    expect(after.reserved).toBe(0);
    expect(after.entries.map((entry: Json) => entry.bookingId)).toEqual([carla]);
  });

  it('an offer not accepted within its 7 days lapses: the request ends, the producer is told, the next one gets it', async () => {
    const contracts = await fillType('block-frozen', 'frost');
    const dora = await register('wf-d@beispiel.de', 'Dora', pkg('block-frozen'));
    const emil = await register('wf-e@beispiel.de', 'Emil', pkg('block-frozen'));
    await endToday(contracts[0]!);
    expect(await run(tomorrow)).toEqual({ lapsed: 0, offered: 1 });
    const link = linkToken((await offerMail('wf-d@beispiel.de')).text, '/warteliste/angebot');
    const lastDay = addDays(tomorrow, 7);
    // through its last day it stands
    expect(await run(lastDay)).toEqual({ lapsed: 0, offered: 0 });
    // the day after, it has lapsed even before the run records it
    const dayAfter = addDays(lastDay, 1);
    expect(await run(dayAfter)).toEqual({ lapsed: 1, offered: 1 });
    const lapsedMail = await smtp.waitFor(
      (m) => m.to === 'wf-d@beispiel.de' && m.subject.includes('ist abgelaufen'),
    );
    expect(lapsedMail.text).toContain(`bis einschließlich ${formatIsoDay(lastDay)}`);
    await offerMail('wf-e@beispiel.de');
    const gone = await call('POST', '/api/warteliste/angebot/annehmen', { token: link }, false);
    expect(gone.status).toBe(410);
    expect(gone.body.message).toContain('abgelaufen');
    const bookings = (await ok('GET', '/api/admin/pending-bookings')).bookings as Json[];
    expect(bookings.some((booking) => booking.id === dora)).toBe(false);
    expect((await listOf('block-frozen')).entries.map((entry: Json) => entry.bookingId)).toEqual([
      emil,
    ]);
    const audit = (await ok('GET', '/api/admin/audit?limit=50')).entries as Json[];
    expect(audit.map((entry) => entry.summary)).toContain(
      `Angebot der Warteliste an Hof Dora abgelaufen (galt bis ${formatIsoDay(lastDay)})`,
    );
  });

  it('a package of two units waits until both are free, and holds back its type for those after it', async () => {
    const contracts = await fillType('block-table', 'tisch');
    const both = await register('wt-2@beispiel.de', 'Zwei', pkg('block-table', 2));
    const one = await register('wt-1@beispiel.de', 'Einer', pkg('block-table'));
    await endToday(contracts[0]!);
    // one free table: the first wants two, so no one gets it yet
    expect(await run(tomorrow)).toEqual({ lapsed: 0, offered: 0 });
    await endToday(contracts[1]!);
    expect(await run(tomorrow)).toEqual({ lapsed: 0, offered: 1 });
    const list = await listOf('block-table');
    expect(list.entries[0]).toMatchObject({ bookingId: both, count: 2, state: 'offered' });
    expect(list.entries[0].offer.units).toHaveLength(2);
    expect(list.entries[1]).toMatchObject({ bookingId: one, state: 'waiting' });
  });

  it('parallel endings and parallel runs: one offer per free unit, never one unit twice', async () => {
    const contracts = await fillType('block-cold', 'kalt');
    const waiting: string[] = [];
    for (const name of ['Warm1', 'Warm2', 'Warm3', 'Warm4', 'Warm5', 'Warm6', 'Warm7']) {
      waiting.push(await register(`${name.toLowerCase()}@beispiel.de`, name, pkg('block-cold')));
    }
    // three contracts end at once, and each ending's run and two more run at once
    await Promise.all(contracts.slice(0, 3).map((id) => endToday(id)));
    const settings = await t.app.settings.get();
    const results = await Promise.all([
      ...Array.from({ length: 3 }, () => run(tomorrow)),
      ...Array.from({ length: 2 }, () => runWaitlist(t.app.db, settings, tomorrow)),
    ]);
    expect(results.reduce((sum, result) => sum + result.offered, 0)).toBe(3);
    const list = await listOf('block-cold');
    const offered = list.entries.filter((entry: Json) => entry.state === 'offered');
    expect(offered.map((entry: Json) => entry.bookingId)).toEqual(waiting.slice(0, 3));
    const units = offered.map((entry: Json) => entry.offer.units[0].id);
    expect(new Set(units).size).toBe(3);
    // the database refuses a second reservation of a reserved unit
    await expect(
      t.app.db.execute(
        sql`insert into waitlist_offer_units (offer_id, rental_unit_id, option_id, unit_name)
            select (select offer_id from waitlist_offer_units where rental_unit_id = ${units[0]} and not released),
                   ${units[1]}, 'block-cold', 'x'`,
      ),
    ).rejects.toThrow();
  });
});
