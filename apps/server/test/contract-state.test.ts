import { clock } from '@housnkuh/shared/clock';
import { addDays, berlinInstant } from '@housnkuh/shared/format';
import { registrationBody } from '@housnkuh/test-support/registration';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/modules/accounts/schema';
import { bookingRequests } from '../src/modules/bookings/schema';
import { contracts, contractUnits } from '../src/modules/contracts/schema';
import { appWithSmtp, pinDay, signedInAdmin, confirmedProducer } from './helpers';

// docs/product/vendor-lifecycle.md and docs/product/rental.md: whatever happens, every
// screen's answer tells one consistent story of the contracts.

const base = pinDay();
const { t, smtp } = appWithSmtp({
  config: { rateLimits: { global: 100_000, forms: 100_000, login: 1000, sensitive: 100_000 } },
});
const UNITS = ['A1', 'A2', 'A3', 'A4'];
let admin = '';
const producers: { id: string; token: string; email: string }[] = [];
const unitIds = new Map<string, string>();

type Call = { method: 'GET' | 'POST'; url: string; token: string; body?: object };
const call = ({ method, url, token, body }: Call) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body ? { payload: body } : {}),
  });

beforeAll(async () => {
  admin = await signedInAdmin(t);
  for (const email of ['eins@beispiel.de', 'zwei@beispiel.de']) {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-auth/register',
      payload: registrationBody(email),
    });
    const token = (await confirmedProducer(t, smtp, email))!;
    producers.push({ id: registered.json().userId, token, email });
  }
  // the days move on in this test; the sessions stay
  await t.database.db.update(sessions).set({ expiresAt: new Date('2100-01-01T00:00:00Z') });
  const list = (await call({ method: 'GET', url: '/api/admin/mietfaecher', token: admin })).json();
  for (const unit of list.mietfaecher) unitIds.set(unit.name, unit.id);
});

const action = fc.oneof(
  fc.record({
    kind: fc.constant('approve' as const),
    who: fc.nat(1),
    unit: fc.nat(UNITS.length - 1),
    startIn: fc.integer({ min: 0, max: 45 }),
    months: fc.constantFrom(3, 6, 12),
  }),
  fc.record({ kind: fc.constant('notice' as const), who: fc.nat(1), pick: fc.nat(5) }),
  fc.record({ kind: fc.constant('cancel' as const), who: fc.nat(1), pick: fc.nat(5) }),
  fc.record({
    kind: fc.constant('shopNotice' as const),
    pick: fc.nat(9),
    by: fc.constantFrom('vendor', 'shop'),
  }),
  fc.record({ kind: fc.constant('days' as const), days: fc.integer({ min: 1, max: 25 }) }),
);

interface Answer {
  id: string;
  vendorId: string;
  phase: string;
  startDate: string;
  endDate: string | null;
  earliestEnd: string | null;
  trialStartsOn: string | null;
  trialEndsOn: string | null;
  termEndsOn: string | null;
  freeMonth: { start: string; end: string } | null;
  mietfaecher: { id: string; name: string }[];
}

/** Every date of one contract answer is in order. */
function checkDates(contract: Answer, where: string) {
  const at = `${where}: ${JSON.stringify(contract)}`;
  const notBeforeStart = [contract.endDate, contract.earliestEnd, contract.termEndsOn];
  for (const day of notBeforeStart) if (day) expect(day >= contract.startDate, at).toBe(true);
  if (contract.trialStartsOn) {
    expect(contract.trialStartsOn >= contract.startDate, at).toBe(true);
    expect(contract.trialEndsOn! >= contract.trialStartsOn, at).toBe(true);
    expect(contract.freeMonth, at).not.toBeNull();
  }
  if (contract.phase === 'cancelled') expect(contract.endDate, at).toBeNull();
  // nothing of a contract lies after its end: no free days, no term
  const notAfterEnd = [
    contract.trialStartsOn,
    contract.trialEndsOn,
    contract.termEndsOn,
    contract.earliestEnd,
  ];
  if (contract.endDate) {
    for (const day of notAfterEnd) if (day) expect(day <= contract.endDate, at).toBe(true);
  }
}

/** What every screen answers, checked against each other and the rules. */
async function checkScreens(today: string) {
  const adminList = (
    await call({ method: 'GET', url: '/api/admin/vertraege?limit=100', token: admin })
  ).json();
  const all = adminList.vertraege as Answer[];
  for (const contract of all) checkDates(contract, 'Verträge');
  for (const producer of producers) {
    const own = (
      await call({ method: 'GET', url: '/api/vendor-auth/contracts', token: producer.token })
    ).json().contracts as Answer[];
    // the free month is the producer's: one for all its contracts
    expect(new Set(own.map((contract) => JSON.stringify(contract.freeMonth))).size).toBeLessThan(2);
    for (const contract of own) {
      checkDates(contract, 'Kündigung/Dashboard');
      expect(all.find((other) => other.id === contract.id)).toMatchObject(contract);
    }
    const bookings = (
      await call({
        method: 'GET',
        url: `/api/vendor-auth/bookings/${producer.id}`,
        token: producer.token,
      })
    ).json().bookings as { contract: Answer | null }[];
    for (const booking of bookings) {
      if (booking.contract) checkDates(booking.contract, 'Meine Buchungen');
    }
  }

  // a unit is occupied exactly while a contract that is not storniert holds it
  const floor = (await call({ method: 'GET', url: '/api/admin/mietfaecher', token: admin })).json()
    .mietfaecher as {
    name: string;
    state: string;
    occupiedUntil: string | null;
    holder: { contractId: string; fromDate: string } | null;
  }[];
  for (const name of UNITS) {
    const unit = floor.find((candidate) => candidate.name === name)!;
    const holders = all.filter(
      (contract) =>
        contract.phase !== 'cancelled' &&
        contract.mietfaecher.some((held) => held.name === name) &&
        (!contract.endDate || contract.endDate >= today),
    );
    const holdingToday = holders.filter((contract) => contract.startDate <= today);
    const at = `${name}: ${JSON.stringify({ unit, holders })}`;
    expect(holdingToday.length, at).toBeLessThan(2);
    if (holdingToday[0]) {
      expect(unit, at).toMatchObject({
        state: 'occupied',
        occupiedUntil: holdingToday[0].endDate,
        holder: { contractId: holdingToday[0].id },
      });
    } else if (holders.length > 0) {
      expect(unit.state, at).toBe('reserved');
    } else {
      expect(unit, at).toMatchObject({ state: 'free', holder: null });
    }
    if (unit.occupiedUntil && unit.holder) {
      expect(unit.occupiedUntil >= unit.holder.fromDate, at).toBe(true);
    }
  }

  // no unit is held by two contracts on overlapping days
  const holdings = await t.database.db.select().from(contractUnits);
  for (const a of holdings) {
    for (const b of holdings) {
      if (a === b || a.rentalUnitId !== b.rentalUnitId) continue;
      const overlap =
        (a.toDate === null || a.toDate >= b.fromDate) &&
        (b.toDate === null || b.toDate >= a.fromDate);
      expect(overlap, JSON.stringify([a, b])).toBe(false);
    }
    if (a.toDate) expect(a.toDate >= a.fromDate, JSON.stringify(a)).toBe(true);
  }
}

describe('one consistent contract state', () => {
  it('for any approvals, notices, cancellations and days: no end before a start, the units match the contracts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<string | null>(addDays(base, -60), addDays(base, 12), null),
        fc.array(action, { minLength: 1, maxLength: 8 }),
        async (openingDate, actions) => {
          await t.database.db.delete(contracts);
          await t.database.db.delete(bookingRequests);
          await t.app.settings.update({ openingDate });
          let today = base;
          clock.set(berlinInstant(today, '10:00'));
          const contractsOf = async (who: number) =>
            (
              await call({
                method: 'GET',
                url: '/api/vendor-auth/contracts',
                token: producers[who]!.token,
              })
            ).json().contracts as Answer[];
          for (const step of actions) {
            if (step.kind === 'approve') {
              const producer = producers[step.who]!;
              const requested = await call({
                method: 'POST',
                url: '/api/vendor-auth/additional-booking',
                token: producer.token,
                body: {
                  userId: producer.id,
                  packageData: {
                    selectedProvisionType: 'basic',
                    packageCounts: { 'block-a': 1 },
                    rentalDuration: step.months,
                    packageOptions: [{ id: 'block-a', name: 'x', price: 1 }],
                    totalCost: { monthly: 0, provision: 4 },
                  },
                },
              });
              expect(requested.statusCode).toBe(200);
              const approved = await call({
                method: 'POST',
                url: `/api/admin/pending-bookings/${requested.json().booking.id}/approve`,
                token: admin,
                body: {
                  mietfachIds: [unitIds.get(UNITS[step.unit]!)],
                  startDate: addDays(today, step.startIn),
                },
              });
              expect([200, 409], approved.body).toContain(approved.statusCode);
              if (approved.statusCode === 409) {
                // the request stays in the queue; out of the way for the next one
                await t.database.db
                  .delete(bookingRequests)
                  .where(eq(bookingRequests.id, requested.json().booking.id));
              }
            } else if (step.kind === 'notice') {
              const own = await contractsOf(step.who);
              const contract = own[step.pick % Math.max(own.length, 1)];
              if (!contract) continue;
              const response = await call({
                method: 'POST',
                url: `/api/vendor-auth/contracts/${contract.id}/notice`,
                token: producers[step.who]!.token,
                body: {},
              });
              expect([200, 409], response.body).toContain(response.statusCode);
            } else if (step.kind === 'cancel') {
              const producer = producers[step.who]!;
              const bookings = (
                await call({
                  method: 'GET',
                  url: `/api/vendor-auth/bookings/${producer.id}`,
                  token: producer.token,
                })
              ).json().bookings as { id: string }[];
              const booking = bookings[step.pick % Math.max(bookings.length, 1)];
              if (!booking) continue;
              const response = await call({
                method: 'POST',
                url: `/api/vendor-auth/cancel-trial-booking/${booking.id}`,
                token: producer.token,
                body: {},
              });
              expect([200, 409], response.body).toContain(response.statusCode);
            } else if (step.kind === 'shopNotice') {
              const list = (
                await call({ method: 'GET', url: '/api/admin/vertraege?limit=100', token: admin })
              ).json().vertraege as Answer[];
              const contract = list[step.pick % Math.max(list.length, 1)];
              if (!contract) continue;
              const response = await call({
                method: 'POST',
                url: `/api/admin/vertraege/${contract.id}/terminate`,
                token: admin,
                body: { kind: step.by },
              });
              if (step.by === 'shop' && openingDate === null && contract.phase !== 'cancelled') {
                // the booked term is unknown: the shop may end it only extraordinarily
                expect([400, 409], response.body).toContain(response.statusCode);
                if (response.statusCode === 400) {
                  expect(response.json().message).toContain('nur außerordentlich');
                  const after = (
                    await call({
                      method: 'GET',
                      url: '/api/admin/vertraege?limit=100',
                      token: admin,
                    })
                  ).json().vertraege as Answer[];
                  expect(after.find((other) => other.id === contract.id)).toEqual(contract);
                }
              } else {
                expect([200, 409], response.body).toContain(response.statusCode);
              }
              if (step.by === 'shop' && response.statusCode === 200) {
                // the shop's ordinary notice never ends before the booked term, nor stornos
                const ended = response.json().vertrag as Answer;
                expect(ended.phase, response.body).not.toBe('cancelled');
                expect(ended.termEndsOn, response.body).not.toBeNull();
                expect(ended.endDate! >= ended.termEndsOn!, response.body).toBe(true);
              }
            } else {
              today = addDays(today, step.days);
              clock.set(berlinInstant(today, '10:00'));
              const ran = await call({
                method: 'POST',
                url: '/api/admin/vertraege/lifecycle',
                token: admin,
                body: {},
              });
              expect(ran.statusCode, ran.body).toBe(200);
            }
            await checkScreens(today);
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 240_000);
});
