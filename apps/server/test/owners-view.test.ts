import { clock } from '@housnkuh/shared/clock';
import { berlinInstant } from '@housnkuh/shared/format';
import { registrationBody, TEST_PASSWORD } from '@housnkuh/test-support/registration';
import { beforeAll, describe, expect, it } from 'vitest';
import { vendors } from '../src/modules/vendors/schema';
import {
  bearerSender,
  appWithSmtp,
  pinDay,
  signedInAdmin,
  confirmedProducer,
  signedInProducer,
} from './helpers';

// the shop opens on 01.03.2027; the contracts are made that day, the dashboard is read on the 25th
const opening = pinDay('2027-03-01');
const { t, smtp } = appWithSmtp({
  config: { rateLimits: { global: 10_000, forms: 1000, login: 1000, sensitive: 1000 } },
});
let token = '';

beforeAll(async () => {
  token = await signedInAdmin(t);
  await t.app.settings.update({ openingDate: opening });
});

/** Signs Eva in again (a session ends after days without use; the clock moves on here). */
async function signInAgain() {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'eva', password: TEST_PASSWORD },
  });
  token = login.json().token as string;
}

const admin = bearerSender(
  () => t,
  () => token,
);

/** Registers a producer of this company (its e-mail confirmed unless said otherwise): its id, token and request. */
async function producer(email: string, unternehmen: string, { confirm = true } = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/vendor-auth/register',
    payload: registrationBody(email, { unternehmen }),
  });
  expect(response.statusCode).toBe(200);
  const token = confirm
    ? await confirmedProducer(t, smtp, email)
    : await signedInProducer(t, email);
  const id = response.json().userId as string;
  const pending = (await admin('GET', '/api/admin/pending-bookings')).json().bookings;
  const booking = pending.find((b: { vendor: { id: string } }) => b.vendor.id === id);
  return { id, token, bookingId: booking.id as string };
}

async function unitId(name: string): Promise<string> {
  const list = (await admin('GET', '/api/admin/mietfaecher')).json();
  return list.mietfaecher.find((unit: { name: string }) => unit.name === name).id;
}

async function approve(bookingId: string, unit: string, startDate = opening) {
  const response = await admin('POST', `/api/admin/pending-bookings/${bookingId}/approve`, {
    mietfachIds: [await unitId(unit)],
    startDate,
  });
  expect(response.statusCode).toBe(200);
  return response.json().contract as { id: string; number: string };
}

describe('the owner’s dashboard (GET /api/admin/dashboard)', () => {
  it('counts every producer, the occupancy, free months ending, endings and open requests', async () => {
    const huber = await producer('huber@beispiel.de', 'Hof Huber');
    const maier = await producer('maier@beispiel.de', 'Imkerei Maier');
    const spaeter = await producer('spaeter@beispiel.de', 'Hof Später');
    const storno = await producer('storno@beispiel.de', 'Hof Storno');
    const neu = await producer('neu@beispiel.de', 'Gärtnerei Neu', { confirm: false });
    await t.database.db
      .insert(vendors)
      .values({ email: 'demo@beispiel.de', name: 'Demo Hof', registrationKind: 'demo' });

    const huberContract = await approve(huber.bookingId, 'A1');
    // Huber books more: a second contract from the same day, under the same free month
    const more = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-auth/additional-booking',
      headers: { authorization: `Bearer ${huber.token}` },
      payload: {
        userId: huber.id,
        packageData: {
          selectedProvisionType: 'basic',
          packageCounts: { 'block-a': 1 },
          rentalDuration: 12,
        },
      },
    });
    expect(more.statusCode).toBe(200);
    await approve(more.json().booking.id as string, 'A4');
    const maierContract = await approve(maier.bookingId, 'A2');
    // Später's contract starts on 01.04.: its unit is reserved from a later day
    await approve(spaeter.bookingId, 'A3', '2027-04-01');
    // Storno's contract, to start on 01.04., is ended on 30.03.: cancelled (storniert), not ending
    const stornoContract = await approve(storno.bookingId, 'A5', '2027-04-01');
    const cancelled = await admin(
      'POST',
      `/api/admin/vertraege/${stornoContract.id}/extraordinary`,
      { endDate: '2027-03-30', reason: 'Doch nicht' },
    );
    expect(cancelled.statusCode).toBe(200);
    // Maier's contract ends in the free month, on 28.03.
    const ended = await admin('POST', `/api/admin/vertraege/${maierContract.id}/extraordinary`, {
      endDate: '2027-03-28',
      reason: 'Betrieb aufgegeben',
    });
    expect(ended.statusCode).toBe(200);

    clock.set(berlinInstant('2027-03-25', '10:00'));
    await signInAgain();
    const response = await admin('GET', '/api/admin/dashboard');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.figures).toMatchObject({ vendors: 6, demoVendors: 1 });
    expect(body.todos.pendingBookings).toBe(1);
    const blockA = body.occupancy.types.find(
      (type: { optionId: string }) => type.optionId === 'block-a',
    );
    // A1, A4 (Huber) and A2 (Maier) today; A3 (Später) from 01.04.; A5 free again
    expect(blockA).toEqual({
      optionId: 'block-a',
      name: 'Verkaufsblock Lage A',
      occupied: 3,
      reserved: 1,
      total: 12,
    });
    expect(body.occupancy.occupied).toBe(3);
    expect(body.occupancy.reserved).toBe(1);
    expect(body.occupancy.total).toBeGreaterThanOrEqual(40);
    // Huber's free month (01.03.–30.03.) ends within 7 days, one row for both its contracts;
    // Maier's contract ends before its free month does
    expect(body.trialsEnding).toEqual([
      {
        contractId: huberContract.id,
        number: huberContract.number,
        vendorId: huber.id,
        vendorName: 'Hof Huber',
        trialEndsOn: '2027-03-30',
      },
    ]);
    expect(body.endings).toEqual([
      {
        contractId: maierContract.id,
        number: maierContract.number,
        vendorId: maier.id,
        vendorName: 'Imkerei Maier',
        endDate: '2027-03-28',
        kind: 'extraordinary',
        noticeGivenOn: expect.any(String),
      },
    ]);
    expect(body.openRequests).toEqual([
      {
        id: neu.bookingId,
        vendorId: neu.id,
        vendorName: 'Gärtnerei Neu',
        emailConfirmed: false,
        createdAt: expect.any(String),
        summary:
          '2 × Verkaufsblock Lage A, 1 × gekühlt · 6 Monate · Premium-Modell · 133,00 € monatlich',
      },
    ]);

    // Offene Buchungen: the same flag and line, and the producer to link
    const queue = (await admin('GET', '/api/admin/pending-bookings')).json().bookings;
    expect(queue).toEqual([
      expect.objectContaining({
        id: neu.bookingId,
        vendor: expect.objectContaining({ id: neu.id, emailConfirmed: false }),
        summary: body.openRequests[0].summary,
      }),
    ]);

    // a week later Huber's free month is over and Maier's contract ended: neither is listed;
    // Später's unit is occupied now
    clock.set(berlinInstant('2027-04-01', '10:00'));
    await signInAgain();
    const later = (await admin('GET', '/api/admin/dashboard')).json();
    expect(later.trialsEnding).toEqual([]);
    expect(later.endings).toEqual([]);
    expect(later.occupancy).toMatchObject({ occupied: 3, reserved: 0 });
  });

  it('is the admins’ only: without a session 401, a producer’s session 403', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard' });
    expect(anonymous.statusCode).toBe(401);
    const { token: vendorToken } = await producer('fremd@beispiel.de', 'Hof Fremd');
    const asVendor = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { authorization: `Bearer ${vendorToken}` },
    });
    expect([401, 403]).toContain(asVendor.statusCode);
    expect(asVendor.body).not.toContain('occupancy');
  });
});

describe('the Protokoll (GET /api/admin/audit)', () => {
  it('words each entry in German, before/after field by field, filtered by area', async () => {
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: { authorization: `Bearer ${token}` },
      payload: { openingDate: '2027-04-15', phone: '09261 99999' },
    });
    expect(patch.statusCode).toBe(200);

    const settings = (await admin('GET', '/api/admin/audit?area=einstellungen')).json();
    expect(settings.entries).toHaveLength(1);
    const [entry] = settings.entries;
    expect(entry).toMatchObject({
      area: 'Einstellungen',
      summary: 'Einstellungen geändert: Telefon, Eröffnungsdatum',
    });
    expect(entry.changes).toContainEqual({
      field: 'openingDate',
      label: 'Eröffnungsdatum',
      before: '01.03.2027',
      after: '15.04.2027',
    });
    expect(entry.changes).toContainEqual(
      expect.objectContaining({ label: 'Telefon', after: '09261 99999' }),
    );

    // the contracts' area: the approvals are Buchungen, the termination a Vertrag
    const contracts = (await admin('GET', '/api/admin/audit?area=vertraege')).json();
    expect(contracts.entries.map((e: { area: string }) => e.area)).toEqual([
      'Verträge',
      'Verträge',
    ]);
    const termination = contracts.entries.find((e: { summary: string }) =>
      e.summary.includes('Betrieb aufgegeben'),
    );
    expect(termination.summary).toMatch(
      /^Vertrag V-2027-\d{4}: Außerordentliche Kündigung durch den Laden vom 01\.03\.2027 zum 28\.03\.2027 \(Betrieb aufgegeben\)$/,
    );
    expect(termination.changes).toEqual(
      expect.arrayContaining([
        { field: 'endDate', label: 'Ende', before: '–', after: '28.03.2027' },
        {
          field: 'kind',
          label: 'Art',
          before: '–',
          after: 'Außerordentliche Kündigung',
        },
        { field: 'reason', label: 'Grund', before: '–', after: 'Betrieb aufgegeben' },
      ]),
    );
    const bookings = (await admin('GET', '/api/admin/audit?area=buchungen')).json();
    expect(bookings.entries).toHaveLength(5);
    expect(bookings.entries[0].changes).toContainEqual(
      expect.objectContaining({ label: 'Status', before: 'offen', after: 'bestätigt' }),
    );
    expect(JSON.stringify(bookings.entries[0].changes)).toMatch(/Mietfächer.*A\d+ \(\d+,\d\d €\)/);

    const unknown = await admin('GET', '/api/admin/audit?area=quatsch');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Diesen Bereich gibt es im Protokoll nicht.');
  });
});
