import { inStoreEan } from '@housnkuh/shared/ean';
import { addDays, firstOfNextMonth, formatEuro, formatIsoDay } from '@housnkuh/shared/format';
import { CHANGE_MESSAGES } from '@housnkuh/shared/schemas/admin-rental';
import { registrationBody, TEST_PASSWORD } from '@housnkuh/test-support/registration';
import { linkToken } from '@housnkuh/test-support/smtp-catcher';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { runContractLifecycle } from '../src/modules/contracts/lifecycle.service';
import { contractUnits, goodsIn } from '../src/modules/contracts/schema';
import { appWithSmtp, signedInAdmin, pinDay } from './helpers';
import { product } from './sales-fixtures';

// the day the file's tests run on (10:00 in Kronach): none of them sees it change
const today = pinDay();
const { t, smtp } = appWithSmtp({
  config: { rateLimits: { global: 10_000, forms: 1000, login: 1000, sensitive: 1000 } },
});
let token = '';

beforeAll(async () => {
  token = await signedInAdmin(t);
  await t.app.settings.update({ openingDate: addDays(today, -60) });
});

const call = (who: string | null, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who ? { authorization: `Bearer ${who}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });

interface Unit {
  id: string;
  name: string;
  optionId: string;
  state: string;
  priceCents: number;
}

async function freeUnits(option: string) {
  const list = (await call(token, 'GET', '/api/admin/mietfaecher')).json().mietfaecher as Unit[];
  return list.filter((unit) => unit.optionId === option && unit.state === 'free');
}

/** A producer (Premium with Lagerservice, 6 months) whose booking was approved with one A unit today. */
async function contracted(email: string) {
  const response = await call(null, 'POST', '/api/vendor-auth/register', registrationBody(email));
  const id = response.json().userId as string;
  const mail = await smtp.waitFor((m) => m.to === email && m.subject.includes('bestätigen'));
  await call(null, 'GET', `/api/vendor-auth/confirm/${linkToken(mail.text, '/vendor/confirm')}`);
  const login = await call(null, 'POST', '/api/vendor-auth/login', {
    email,
    password: TEST_PASSWORD,
  });
  const pending = (await call(token, 'GET', '/api/admin/pending-bookings')).json().bookings;
  const booking = pending.find((b: { vendor: { id: string } }) => b.vendor.id === id);
  const [unit] = await freeUnits('block-a');
  const approved = await call(token, 'POST', `/api/admin/pending-bookings/${booking.id}/approve`, {
    mietfachIds: [unit!.id],
    startDate: today,
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return {
    id,
    vendorToken: login.json().token as string,
    contract: approved.json().contract as { id: string; number: string; monthlyPriceCents: number },
    unit: unit!,
  };
}

describe('POST /api/admin/vertraege/{id}/change', () => {
  it('changes units and prices from a day on: a new version, the old one readable, holdings split, producer mailed', async () => {
    const { contract, unit } = await contracted('version-1@beispiel.de');
    const [cold] = await freeUnits('block-cold');
    const from = addDays(today, 10);
    const changed = await call(token, 'POST', `/api/admin/vertraege/${contract.id}/change`, {
      validFrom: from,
      mietfachIds: [cold!.id],
      priceCents: { [cold!.id]: 4500 },
      reason: 'Tausch gegen ein Kühlfach',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const vertrag = changed.json().vertrag;
    // today's terms are still the old ones; the change waits for its day
    expect(vertrag.mietfaecher).toEqual([{ id: unit.id, name: unit.name, priceCents: 3500 }]);
    expect(vertrag.monthlyPriceCents).toBe(contract.monthlyPriceCents);
    expect(vertrag.versions).toHaveLength(2);
    expect(vertrag.nextChange).toMatchObject({
      validFrom: from,
      mietfaecher: [{ id: cold!.id, name: cold!.name, priceCents: 4500 }],
      reason: 'Tausch gegen ein Kühlfach',
    });
    expect(vertrag.nextChange.monthlyPriceCents).not.toBe(contract.monthlyPriceCents);
    expect(vertrag.history.at(-1).summary).toContain('Tausch gegen ein Kühlfach');

    const holdings = await t.app.db
      .select()
      .from(contractUnits)
      .where(eq(contractUnits.contractId, contract.id));
    expect(holdings.find((h) => h.rentalUnitId === unit.id)?.toDate).toBe(addDays(from, -1));
    expect(holdings.find((h) => h.rentalUnitId === cold!.id)).toMatchObject({
      fromDate: from,
      toDate: null,
    });
    const mail = await smtp.waitFor(
      (m) => m.to === 'version-1@beispiel.de' && m.subject.includes('ändert sich ab'),
    );
    expect(mail.text).toContain(cold!.name);
    // the new price starts inside the free month: the mail says until when no rent is due
    const day = (iso: string) => iso.split('-').reverse().join('.');
    expect(mail.text).toContain(
      `Bis zum Ende deines Probemonats am ${day(addDays(today, 29))} zahlst du keine Miete; der neue Preis gilt ab dem ${day(addDays(today, 30))}.`,
    );

    // the new unit is taken from that day: no other contract gets it
    const other = await contracted('version-2@beispiel.de');
    const again = await call(token, 'POST', `/api/admin/vertraege/${other.contract.id}/change`, {
      validFrom: addDays(today, 20),
      mietfachIds: [other.unit.id, cold!.id],
      reason: 'Noch ein Fach',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(`Mietfach ${cold!.name} ist ab`);
    // after the free month, no word of it
    const afterFree = await call(
      token,
      'POST',
      `/api/admin/vertraege/${other.contract.id}/change`,
      {
        validFrom: addDays(today, 40),
        mietfachIds: [other.unit.id],
        priceCents: { [other.unit.id]: 3000 },
        reason: 'Treuepreis',
      },
    );
    expect(afterFree.statusCode, afterFree.body).toBe(200);
    const plain = await smtp.waitFor(
      (m) => m.to === 'version-2@beispiel.de' && m.subject.includes('ändert sich ab'),
    );
    expect(plain.text).not.toContain('Probemonat');
  });

  it('refuses bad changes with German messages and changes nothing', async () => {
    const { contract } = await contracted('version-3@beispiel.de');
    const url = `/api/admin/vertraege/${contract.id}/change`;
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { validFrom: addDays(today, -1), reason: 'x', provisionType: 'basic' },
        400,
        CHANGE_MESSAGES.beforeStart(today),
      ],
      [{ validFrom: today, provisionType: 'basic' }, 400, CHANGE_MESSAGES.reason],
      [
        { validFrom: today, reason: 'nichts', provisionType: 'premium' },
        400,
        CHANGE_MESSAGES.nothing,
      ],
      [
        {
          validFrom: today,
          reason: 'x',
          provisionType: 'basic',
          zusatzleistungen: { lagerservice: true, versandservice: false },
        },
        400,
        CHANGE_MESSAGES.servicesPremium,
      ],
      [{ validFrom: today, reason: 'x', mietfachIds: [] }, 400, CHANGE_MESSAGES.noUnits],
      [{ validFrom: today, reason: 'x', provisionType: 'gold' }, 400, CHANGE_MESSAGES.model],
    ];
    for (const [body, status, message] of cases) {
      const response = await call(token, 'POST', url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(response.json()), JSON.stringify(body)).toContain(message);
    }
    const later = await call(token, 'POST', url, {
      validFrom: addDays(today, 30),
      provisionType: 'basic',
      reason: 'später',
    });
    expect(later.statusCode).toBe(200);
    const before = await call(token, 'POST', url, {
      validFrom: addDays(today, 5),
      provisionType: 'basic',
      reason: 'früher',
    });
    expect(before.statusCode).toBe(400);
    expect(before.json().message).toContain('ist schon eine Änderung geplant');
    const unknown = await call(
      token,
      'POST',
      `/api/admin/vertraege/${crypto.randomUUID()}/change`,
      {
        validFrom: today,
        provisionType: 'basic',
        reason: 'x',
      },
    );
    expect(unknown.statusCode).toBe(404);
    expect((await call(null, 'POST', url, { validFrom: today })).statusCode).toBe(401);
    const detail = (await call(token, 'GET', `/api/admin/vertraege/${contract.id}`)).json().vertrag;
    expect(detail.versions).toHaveLength(2);
  });
});

describe('the producer switches the model (/vendor-auth/contracts/{id}/model)', () => {
  it('previews and switches from the first of next month; the services end with the Basismodell', async () => {
    const { contract, vendorToken } = await contracted('modell-1@beispiel.de');
    const url = `/api/vendor-auth/contracts/${contract.id}/model`;
    const preview = await call(vendorToken, 'GET', `${url}?provisionType=basic`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      validFrom: firstOfNextMonth(today),
      currentProvisionType: 'premium',
      currentMonthlyPriceCents: contract.monthlyPriceCents,
      droppedServices: ['Lagerservice'],
    });
    expect(preview.json().monthlyPriceCents).toBeLessThan(contract.monthlyPriceCents);

    const switched = await call(vendorToken, 'POST', url, { provisionType: 'basic' });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().contract.nextChange).toMatchObject({
      validFrom: firstOfNextMonth(today),
      provisionType: 'basic',
      zusatzleistungen: { lagerservice: false, versandservice: false },
    });
    expect(switched.json().contract.provisionType).toBe('premium');
    await smtp.waitFor(
      (m) => m.to === 'modell-1@beispiel.de' && m.subject.includes('ändert sich ab'),
    );
    const same = await call(vendorToken, 'POST', url, { provisionType: 'basic' });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(CHANGE_MESSAGES.modelSame);
  });

  it("another producer's contract is not found; bad input is refused", async () => {
    const { contract } = await contracted('modell-2@beispiel.de');
    const { vendorToken } = await contracted('modell-3@beispiel.de');
    const url = `/api/vendor-auth/contracts/${contract.id}/model`;
    expect((await call(vendorToken, 'POST', url, { provisionType: 'basic' })).statusCode).toBe(404);
    expect((await call(vendorToken, 'GET', `${url}?provisionType=basic`)).statusCode).toBe(404);
    const bad = await call(vendorToken, 'POST', url, { provisionType: 'gold' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({
      field: 'provisionType',
      message: CHANGE_MESSAGES.model,
    });
    expect((await call(null, 'POST', url, { provisionType: 'basic' })).statusCode).toBe(401);
  });

  it('knows the first of next month', () => {
    expect(firstOfNextMonth('2026-11-24')).toBe('2026-12-01');
    expect(firstOfNextMonth('2026-12-31')).toBe('2027-01-01');
    expect(firstOfNextMonth('2027-01-01')).toBe('2027-02-01');
  });
});

describe('/api/admin/zusatzleistungen', () => {
  it('lists premium contracts with their services; a service is switched from a day on; the goods-in is a store-room delivery, the old log stays readable', async () => {
    const { id, contract } = await contracted('lager-1@beispiel.de');
    const list = (await call(token, 'GET', '/api/admin/zusatzleistungen')).json();
    const row = list.vertraege.find((c: { id: string }) => c.id === contract.id);
    expect(row).toMatchObject({
      provisionType: 'premium',
      zusatzleistungen: { lagerservice: true, versandservice: false },
      vendor: { id },
    });

    // the goods-in is a store-room delivery of one of the producer's products (docs/decisions/
    // 0066): the shop's own, confirmed at once, with the place in the store room as its note
    const productId = await product(t.database.db, id, {
      name: 'Blütenhonig 500 g',
      ean: inStoreEan(4711),
      priceCents: 650,
      unit: 'Glas',
    });
    const delivered = await call(token, 'POST', `/api/admin/products/${productId}/stock`, {
      kind: 'delivery',
      quantity: 24,
      place: 'storeroom',
      note: 'Lager, Regal 3',
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().product).toMatchObject({ storeRoomStock: 24, stock: 0 });
    expect(delivered.json().movement).toMatchObject({
      kind: 'delivery',
      place: 'storeroom',
      quantity: 24,
      note: 'Lager, Regal 3',
      confirmedAt: expect.any(String),
    });
    // the free-text goods-in is retired: its route is gone, its old rows stay readable
    expect(
      (
        await call(token, 'POST', '/api/admin/zusatzleistungen/wareneingang', {
          vendorId: id,
          day: today,
          what: 'Blütenhonig 500 g',
          quantity: '24 Gläser',
        })
      ).statusCode,
    ).toBe(404);
    await t.database.db.insert(goodsIn).values({
      vendorId: id,
      day: addDays(today, -3),
      what: 'Blütenhonig 500 g',
      quantity: '24 Gläser',
      storedAt: 'Lager, Regal 3',
      actorName: 'Eva Muster',
    });
    const log = (await call(token, 'GET', '/api/admin/zusatzleistungen')).json().wareneingang;
    expect(log[0]).toMatchObject({
      vendorId: id,
      day: addDays(today, -3),
      what: 'Blütenhonig 500 g',
      quantity: '24 Gläser',
      storedAt: 'Lager, Regal 3',
    });

    // Lagerservice off from the first of next month: a version; the contract stays listed until then
    const off = await call(token, 'POST', `/api/admin/vertraege/${contract.id}/change`, {
      validFrom: firstOfNextMonth(today),
      zusatzleistungen: { lagerservice: false, versandservice: true },
      reason: 'Lager wird nicht mehr gebraucht, Versand dazu',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().vertrag.nextChange.zusatzleistungen).toEqual({
      lagerservice: false,
      versandservice: true,
    });

    // a Basismodell producer has no Lagerservice: it leaves the list the goods-in is chosen from
    const basic = await contracted('lager-2@beispiel.de');
    const switched = await call(token, 'POST', `/api/admin/vertraege/${basic.contract.id}/change`, {
      validFrom: today,
      provisionType: 'basic',
      reason: 'Basismodell',
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const listed = (await call(token, 'GET', '/api/admin/zusatzleistungen')).json().vertraege as {
      id: string;
    }[];
    expect(listed.map((c) => c.id)).toContain(contract.id);
    expect(listed.map((c) => c.id)).not.toContain(basic.contract.id);
    expect((await call(null, 'GET', '/api/admin/zusatzleistungen')).statusCode).toBe(401);
  });
});

describe('the trial reminder with a change planned for the term', () => {
  it('names the price the regular term starts with', async () => {
    const { contract } = await contracted('termpreis@beispiel.de');
    const trialEnd = addDays(today, 29);
    const changed = await call(token, 'POST', `/api/admin/vertraege/${contract.id}/change`, {
      validFrom: addDays(trialEnd, 1),
      provisionType: 'basic',
      reason: 'Basismodell nach dem Probemonat',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const termPrice = changed.json().vertrag.nextChange.monthlyPriceCents as number;
    expect(termPrice).not.toBe(contract.monthlyPriceCents);
    await runContractLifecycle(
      t.database.db,
      await t.app.settings.reload(),
      'https://housnkuh.test',
      addDays(trialEnd, -7),
    );
    const mail = await smtp.waitFor(
      (m) => m.to === 'termpreis@beispiel.de' && m.subject.includes('endet in 7 Tagen'),
    );
    expect(mail.text).toContain(formatEuro(termPrice));
  });
});

describe('a termination drops the changes planned after its end', () => {
  it('a change from after the end is deleted, the history says so, no next change shown', async () => {
    const { contract } = await contracted('geplant-1@beispiel.de');
    const [cold] = await freeUnits('block-cold');
    const from = addDays(today, 10);
    const changed = await call(token, 'POST', `/api/admin/vertraege/${contract.id}/change`, {
      validFrom: from,
      reason: 'Wechsel ins Basismodell',
      provisionType: 'basic',
      mietfachIds: [cold!.id],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().vertrag.nextChange).toMatchObject({ validFrom: from });
    const endDate = addDays(today, 5);
    const ended = await call(token, 'POST', `/api/admin/vertraege/${contract.id}/extraordinary`, {
      endDate,
      ground: 'payment-default',
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const vertrag = ended.json().vertrag;
    expect(vertrag.endDate).toBe(endDate);
    expect(vertrag.nextChange).toBeNull();
    expect(vertrag.versions.map((version: { validFrom: string }) => version.validFrom)).toEqual([
      today,
    ]);
    // the unit planned from after the end is not held
    const holdings = await t.app.db
      .select()
      .from(contractUnits)
      .where(eq(contractUnits.contractId, contract.id));
    expect(holdings.map((h) => [h.fromDate, h.toDate])).toEqual([[today, endDate]]);
    expect(vertrag.history.at(-1).summary).toBe(
      `Geplante Änderung ab ${formatIsoDay(from)} entfällt: Der Vertrag endet am ${formatIsoDay(endDate)}.`,
    );
  });
});
