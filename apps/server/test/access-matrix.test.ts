import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '@housnkuh/test-support/registration';
import { vendors } from '../src/modules/vendors/schema';
import { createTestApp, dayByDay, pngDeclaring, signedInAdmin, type TestApp } from './helpers';
import { changedTables, snapshot } from './fuzz/database-state';
import { routeIndex, signedInProducer } from './fuzz/engine';

// The access matrix (issue 32, docs/decisions/0055-api-fuzz-and-access-matrix.md): every route of
// the route index that names an object in its path, called for an object of producer Anna by
// nobody, by producer Bernd, by the till and by an admin. Whoever is not the object's party (Anna
// on producer routes, the admin on admin routes) gets 401, 403 or 404, exactly what an id that
// does not exist gets (the answer tells nothing about the object's existence), nothing of the
// object in the body, and the database stays as it was. The party itself sees the object (GET).

const at = dayByDay('2026-09-01');

let t: TestApp;
const w = {
  admin: '',
  pos: '',
  posKeyId: '',
  anna: { id: '', token: '', email: 'anna.matrix@beispiel.de' },
  bernd: { id: '', token: '', email: 'bernd.matrix@beispiel.de' },
  carla: { id: '', token: '', email: 'carla.matrix@beispiel.de' },
  annaBooking: '',
  carlaBooking: '',
  contract: '',
  product: '',
  productName: 'Matrix-Blütenhonig',
  document: '',
  payout: '',
  paymentRun: '',
  importJob: '',
  openItem: '',
  salesLine: '',
  unassignedLine: '',
  manualLine: '',
  picture: '',
  contact: '',
  subscriber: '',
  faq: '',
  tag: '',
  unit: '',
  adminId: '',
  countLine: '',
};

const call = (
  token: string | null,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });

async function ok(response: Awaited<ReturnType<typeof call>>) {
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

const one = async <T>(query: ReturnType<typeof sql>): Promise<T> =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;

/** New sessions after the clock moved on (a session lasts days, not the weeks skipped here). */
async function relogin() {
  for (const who of ['anna', 'bernd', 'carla'] as const) {
    const login = await ok(
      await call(null, 'POST', '/api/vendor-auth/login', {
        email: w[who].email,
        password: TEST_PASSWORD,
      }),
    );
    w[who].token = login.token;
  }
  const admin = await ok(
    await call(null, 'POST', '/api/auth/login', { username: 'eva', password: TEST_PASSWORD }),
  );
  w.admin = admin.token;
}

beforeAll(async () => {
  t = await createTestApp({
    config: { rateLimits: { global: 100_000, forms: 1000, login: 1000, sensitive: 1000 } },
    // no background job writes while the matrix compares the database
    build: {
      startLifecycle: false,
      startWaitlist: false,
      startSalesImport: false,
      startGeocoding: false,
      startOutbox: false,
      startCleanup: false,
    },
  });
  w.admin = await signedInAdmin(t, 'eva');
  w.adminId = (await one<{ id: string }>(sql`select id::text as id from admins`)).id;
  const settings = await t.app.settings.get();
  await t.app.settings.update({
    openingDate: '2026-09-01',
    phone: '09261 123456',
    legal: { ...settings.legal, ownerName: 'Eva Muster', legalForm: 'Einzelunternehmen' },
  });
  const billing = (await ok(await call(w.admin, 'GET', '/api/admin/billing-settings'))).settings;
  await ok(
    await call(w.admin, 'PUT', '/api/admin/billing-settings', {
      ...billing,
      steuernummer: '218/123/45678',
      iban: 'DE89370400440532013000',
      kontoinhaber: 'Eva Muster',
    }),
  );
  for (const who of ['anna', 'bernd', 'carla'] as const) {
    const producer = await signedInProducer(t, w[who].email);
    w[who].id = producer.id;
    w[who].token = producer.token;
    await t.database.db
      .update(vendors)
      .set({
        taxStatus: 'regelbesteuert',
        steuernummer: '207/111/22222',
        iban: who === 'anna' ? 'DE02120300000000202051' : 'DE89370400440532013000',
        kontoinhaber: who,
      })
      .where(eq(vendors.id, producer.id));
  }
  const bookingOf = async (who: 'anna' | 'bernd' | 'carla') =>
    (await ok(await call(w[who].token, 'GET', `/api/vendor-auth/bookings/${w[who].id}`)))
      .bookings[0].id as string;
  w.annaBooking = await bookingOf('anna');
  w.carlaBooking = await bookingOf('carla');
  const units = (await ok(await call(w.admin, 'GET', '/api/admin/mietfaecher'))).mietfaecher as {
    id: string;
  }[];
  w.unit = units[units.length - 1]!.id;
  const approved = await ok(
    await call(w.admin, 'POST', `/api/admin/pending-bookings/${w.annaBooking}/approve`, {
      mietfachIds: [units[0]!.id],
      startDate: '2026-09-01',
    }),
  );
  w.contract = approved.contract.id;
  await ok(
    await call(w.admin, 'POST', `/api/admin/pending-bookings/${await bookingOf('bernd')}/approve`, {
      mietfachIds: [units[1]!.id],
      startDate: '2026-09-01',
    }),
  );

  at('2026-09-20');
  await relogin();
  const created = await ok(
    await call(w.anna.token, 'POST', '/api/vendor-auth/products', {
      name: w.productName,
      priceCents: 1000,
      unit: 'Glas',
      vatRate: 7,
    }),
  );
  w.product = created.product.id;
  const ean = (await one<{ ean: string }>(sql`select ean from products where id = ${w.product}`))
    .ean;
  // Bernd sells a little and owes a charge: an open item
  const cheap = await ok(
    await call(w.bernd.token, 'POST', '/api/vendor-auth/products', {
      name: 'Kerze',
      priceCents: 100,
      unit: 'Stück',
      vatRate: 19,
    }),
  );
  const berndEan = (
    await one<{ ean: string }>(sql`select ean from products where id = ${cheap.product.id}`)
  ).ean;
  const imported = await ok(
    await call(
      w.admin,
      'POST',
      '/api/admin/sales/import',
      [
        'beleg;position;zeitpunkt;ean;artikel;menge;einzelpreis_brutto;mwst_satz',
        `R-1;1;10.09.2026 09:15;${ean};Honig;3;10,00;7`,
        `R-2;1;11.09.2026 10:15;2999999999992;Unbekannt;1;2,00;7`,
        `R-3;1;12.09.2026 11:15;${berndEan};Kerze;1;1,00;19`,
      ].join('\r\n'),
      { 'content-type': 'text/csv; charset=utf-8' },
    ),
  );
  expect(imported).toMatchObject({ imported: 3, unassigned: 1 });
  w.salesLine = (
    await one<{ id: string }>(
      sql`select id::text as id from sales_lines where ean = ${ean} limit 1`,
    )
  ).id;
  w.unassignedLine = (
    await one<{ id: string }>(sql`select id::text as id from sales_lines where vendor_id is null`)
  ).id;

  at('2026-10-05');
  await relogin();
  await ok(await call(w.admin, 'POST', '/api/admin/abrechnungen', { month: '2026-09' }));
  await ok(
    await call(w.admin, 'POST', '/api/admin/abrechnungen/2026-09/manual-lines', {
      vendorId: w.bernd.id,
      kind: 'charge',
      text: 'Reinigung',
      grossCents: 5000,
      vatRateBp: 1900,
    }),
  );
  w.manualLine = (
    await one<{ id: string }>(sql`select id::text as id from settlement_manual_lines`)
  ).id;
  await ok(await call(w.admin, 'POST', '/api/admin/abrechnungen/2026-09/finalize'));
  w.document = (
    await one<{ id: string }>(
      sql`select id::text as id from documents where vendor_id = ${w.anna.id} order by number limit 1`,
    )
  ).id;
  w.payout = (
    await one<{ id: string }>(
      sql`select id::text as id from payouts where vendor_id = ${w.anna.id}`,
    )
  ).id;
  w.openItem = (await one<{ id: string }>(sql`select id::text as id from open_items`)).id;
  w.paymentRun = (
    await ok(await call(w.admin, 'POST', '/api/admin/abrechnungen/2026-09/zahlungslauf', {}))
  ).run.id;

  await ok(
    await call(null, 'POST', '/api/contact', {
      name: 'Anna',
      email: w.anna.email,
      subject: 'Frage',
      message: 'Matrix-Nachricht',
    }),
  );
  w.contact = (await one<{ id: string }>(sql`select id::text as id from contact_requests`)).id;
  await ok(await call(null, 'POST', '/api/newsletter/subscribe', { email: w.anna.email }));
  w.subscriber = (
    await one<{ id: string }>(sql`select id::text as id from newsletter_subscribers`)
  ).id;
  w.faq = (await one<{ id: string }>(sql`select id::text as id from faqs limit 1`)).id;
  w.tag = (await ok(await call(w.admin, 'POST', '/api/admin/tags', { name: 'Matrix' }))).tag.id;
  const key = await ok(await call(w.admin, 'POST', '/api/admin/pos-keys', { name: 'Kasse 1' }));
  w.pos = key.secret;
  w.posKeyId = (await one<{ id: string }>(sql`select id::text as id from pos_keys`)).id;
  const picture = await ok(
    await call(
      w.anna.token,
      'PUT',
      '/api/vendor-auth/profile/pictures/profile',
      pngDeclaring(64, 64),
      { 'content-type': 'image/png' },
    ),
  );
  w.picture = /\/api\/images\/([^/]+)\//.exec(picture.profile.profilBild as string)![1]!;
  // Anna's honey counted by the shop: a count line (the correction's object)
  await ok(
    await call(w.admin, 'POST', `/api/admin/products/${w.product}/stock`, {
      kind: 'delivery',
      quantity: 5,
    }),
  );
  w.countLine = (
    await ok(
      await call(w.admin, 'POST', '/api/admin/inventory-counts', {
        counts: [{ productId: w.product, quantity: 4 }],
      }),
    )
  ).count.lines[0].id;
  // a large import's job, done (a file of more than 10,000 lines would make one; its row is enough)
  w.importJob = (
    await one<{ id: string }>(sql`insert into sales_import_jobs (sha256, csv, encoding, status,
      lines_total, lines_done, imported) values ('matrix', '', 'utf-8', 'done', 1, 1, 1)
      returning id::text as id`)
  ).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** An object of a route's path: its path parameters and, for changes, a valid body. */
interface Entry {
  params: () => Record<string, string>;
  query?: string;
  body?: () => unknown;
}
/** A route with a path parameter that names no object of a party, and why. */
type Exempt = { exempt: string };

const month = () => ({ month: '2026-09' });
const id = (of: () => string) => () => ({ id: of() });
const contractChange = () => ({ effectiveFrom: '2026-11-01', mietfachIds: [w.unit] });

/**
 * Every route of the route index with a path parameter; the test fails for one missing here, so
 * a new route cannot be forgotten.
 */
const MATRIX: Record<string, Entry | Exempt> = {
  'GET /api/admin/abrechnungen/:month/abgleich': { params: month },
  'POST /api/admin/abrechnungen/:month/finalize': { params: month },
  'GET /api/admin/abrechnungen/:month/fortschritt': { params: month },
  'POST /api/admin/abrechnungen/:month/manual-lines': {
    params: month,
    body: () => ({
      vendorId: w.anna.id,
      kind: 'charge',
      text: 'X',
      grossCents: 100,
      vatRateBp: 1900,
    }),
  },
  'DELETE /api/admin/abrechnungen/:month/manual-lines/:id': {
    params: () => ({ month: '2026-09', id: w.manualLine }),
  },
  'POST /api/admin/abrechnungen/:month/payouts/paid': {
    params: month,
    body: () => ({ vendorIds: [w.anna.id] }),
  },
  'POST /api/admin/abrechnungen/:month/recompute': { params: month },
  'GET /api/admin/abrechnungen/:month/sepa.xml': { params: month },
  'POST /api/admin/abrechnungen/:month/zahlungslauf': { params: month, body: () => ({}) },
  'GET /api/admin/contacts/:id': { params: id(() => w.contact) },
  'PATCH /api/admin/contacts/:id': {
    params: id(() => w.contact),
    body: () => ({ status: 'read' }),
  },
  'POST /api/admin/contacts/:id/reply': {
    params: id(() => w.contact),
    body: () => ({ message: 'Danke' }),
  },
  'POST /api/admin/documents/:id/cancel': {
    params: id(() => w.document),
    body: () => ({ reason: 'Falscher Preis' }),
  },
  'GET /api/admin/documents/:id/pdf': { params: id(() => w.document) },
  'GET /api/admin/documents/:id/xrechnung.xml': { params: id(() => w.document) },
  'DELETE /api/admin/email-templates/:key': { params: () => ({ key: 'booking-approved' }) },
  'GET /api/admin/email-templates/:key': { params: () => ({ key: 'booking-approved' }) },
  'PUT /api/admin/email-templates/:key': {
    params: () => ({ key: 'booking-approved' }),
    body: () => ({ subject: 'X', body: 'Y' }),
  },
  'POST /api/admin/email-templates/:key/preview': {
    params: () => ({ key: 'booking-approved' }),
    body: () => ({ subject: 'X', body: 'Y' }),
  },
  'POST /api/admin/email-templates/:key/test': {
    params: () => ({ key: 'booking-approved' }),
    body: () => ({}),
  },
  'DELETE /api/admin/faq/:id': { params: id(() => w.faq) },
  'PATCH /api/admin/faq/:id': { params: id(() => w.faq), body: () => ({ question: 'Was?' }) },
  'POST /api/admin/faq/:id/move': { params: id(() => w.faq), body: () => ({ direction: 'up' }) },
  'DELETE /api/admin/mietfaecher/:id': { params: id(() => w.unit) },
  'PATCH /api/admin/mietfaecher/:id': { params: id(() => w.unit), body: () => ({ name: 'X' }) },
  'DELETE /api/admin/newsletter/subscribers/:id': { params: id(() => w.subscriber) },
  'POST /api/admin/open-items/:id/paid': { params: id(() => w.openItem), body: () => ({}) },
  'POST /api/admin/payouts/:id/returned': {
    params: id(() => w.payout),
    body: () => ({ reason: 'Konto erloschen' }),
  },
  'POST /api/admin/pending-bookings/:id/approve': {
    params: id(() => w.carlaBooking),
    body: () => ({ mietfachIds: [w.unit], startDate: '2026-11-01' }),
  },
  'POST /api/admin/pending-bookings/:id/reject': {
    params: id(() => w.carlaBooking),
    body: () => ({ reason: 'Kein Platz' }),
  },
  // the waiting list's entries: only an admin may call these at all (any id is refused to others)
  'POST /api/admin/warteliste/:id/move': {
    params: id(() => w.carlaBooking),
    body: () => ({ optionId: 'block-a', direction: 'up' }),
  },
  'POST /api/admin/warteliste/:id/remove': {
    params: id(() => w.carlaBooking),
    body: () => ({ reason: 'Kein Bedarf mehr' }),
  },
  'DELETE /api/admin/pos-keys/:id': { params: id(() => w.posKeyId) },
  'GET /api/admin/products/:id': { params: id(() => w.product) },
  'PATCH /api/admin/products/:id': { params: id(() => w.product), body: () => ({ priceCents: 1 }) },
  'POST /api/admin/retention/:id/remove': { params: id(() => w.anna.id) },
  'POST /api/admin/products/:id/stock': {
    params: id(() => w.product),
    body: () => ({ kind: 'delivery', quantity: 1 }),
  },
  'POST /api/admin/inventory-counts/lines/:id/correction': {
    params: id(() => w.countLine),
    body: () => ({ quantity: 5, reason: 'Zählfehler' }),
  },
  'POST /api/admin/sales/clarify/:lineId': {
    params: () => ({ lineId: w.salesLine }),
    body: () => ({ vatRate: 7 }),
  },
  'POST /api/admin/sales/unassigned/:lineId': {
    params: () => ({ lineId: w.unassignedLine }),
    body: () => ({ kind: 'no_vendor', noVendor: 'no_sale' }),
  },
  'DELETE /api/admin/tags/:id': { params: id(() => w.tag) },
  'PATCH /api/admin/tags/:id': { params: id(() => w.tag), body: () => ({ name: 'Y' }) },
  'PATCH /api/admin/users/admins/:id': {
    params: id(() => w.adminId),
    body: () => ({ isActive: false }),
  },
  'GET /api/admin/users/vendors/:id': { params: id(() => w.anna.id) },
  'PATCH /api/admin/users/vendors/:id': {
    params: id(() => w.anna.id),
    body: () => ({ isActive: false }),
  },
  'POST /api/admin/users/vendors/:id/password-link': { params: id(() => w.anna.id) },
  'GET /api/admin/vertraege/:id': { params: id(() => w.contract) },
  'POST /api/admin/vertraege/:id/change': { params: id(() => w.contract), body: contractChange },
  'POST /api/admin/vertraege/:id/change/preview': {
    params: id(() => w.contract),
    body: contractChange,
  },
  'GET /api/admin/vertraege/:id/earliest-end': { params: id(() => w.contract) },
  'POST /api/admin/vertraege/:id/extraordinary': {
    params: id(() => w.contract),
    body: () => ({ endDate: '2026-11-30', reason: 'Wichtiger Grund' }),
  },
  'POST /api/admin/vertraege/:id/extraordinary/preview': {
    params: id(() => w.contract),
    body: () => ({ endDate: '2026-11-30', reason: 'Wichtiger Grund' }),
  },
  'POST /api/admin/vertraege/:id/terminate': {
    params: id(() => w.contract),
    body: () => ({ endDate: '2026-12-31' }),
  },
  'POST /api/admin/vertraege/:id/terminate/preview': {
    params: id(() => w.contract),
    body: () => ({ endDate: '2026-12-31' }),
  },
  'POST /api/admin/zahlungslaeufe/:id/discard': { params: id(() => w.paymentRun) },
  'GET /api/admin/sales/import-jobs/:id': { params: id(() => w.importJob) },
  'GET /api/admin/zahlungslaeufe/:id/sepa.xml': { params: id(() => w.paymentRun) },
  'POST /api/admin/zahlungslaeufe/:id/transferred': {
    params: id(() => w.paymentRun),
    body: () => ({ transferredOn: '2026-10-06' }),
  },
  'GET /api/images/:id/:width': {
    exempt: 'a published picture of the directory: public by design, served to anybody',
  },
  'GET /api/newsletter/confirm/:token': {
    exempt: 'the path names a secret link token, no object; a wrong one is refused (fuzz)',
  },
  'GET /api/vendor-auth/confirm/:token': {
    exempt: 'the path names a secret link token, no object; a wrong one is refused (fuzz)',
  },
  'GET /api/warteliste/angebot/:token': {
    exempt: 'the path names a secret link token, no object; a wrong one is refused (fuzz)',
  },
  'GET /api/vendor-auth/public/profile/:id': {
    exempt: 'the public directory: a released profile is public, any other one is 404 to all',
  },
  'DELETE /api/vendor-auth/profile/pictures/:kind': {
    exempt: "the path names the kind of the caller's own picture, no other party's object",
  },
  'PUT /api/vendor-auth/profile/pictures/:kind': {
    exempt: "the path names the kind of the caller's own picture, no other party's object",
  },
  'GET /api/vendor-auth/bookings/:vendorId': { params: () => ({ vendorId: w.anna.id }) },
  'POST /api/vendor-auth/cancel-trial-booking/:id': {
    params: id(() => w.annaBooking),
    body: () => ({ reason: 'Umzug' }),
  },
  'GET /api/vendor-auth/contracts/:id/model': {
    params: id(() => w.contract),
    query: 'provisionType=basic',
  },
  'POST /api/vendor-auth/contracts/:id/model': {
    params: id(() => w.contract),
    body: () => ({ provisionType: 'premium' }),
  },
  'POST /api/vendor-auth/contracts/:id/notice': {
    params: id(() => w.contract),
    body: () => ({ reason: 'Umzug' }),
  },
  'GET /api/vendor-auth/documents/:id/pdf': { params: id(() => w.document) },
  'GET /api/vendor-auth/documents/:id/xrechnung.xml': { params: id(() => w.document) },
  'GET /api/vendor-auth/products/:id': { params: id(() => w.product) },
  'GET /api/vendor-auth/products/:id/movements': { params: id(() => w.product) },
  'PATCH /api/vendor-auth/products/:id': {
    params: id(() => w.product),
    body: () => ({ priceCents: 1 }),
  },
  'POST /api/vendor-auth/products/:id/stock': {
    params: id(() => w.product),
    body: () => ({ kind: 'delivery', quantity: 1 }),
  },
  'GET /api/vendor-auth/profile/:id': { params: id(() => w.anna.id) },
};

const ID_ROUTES = routeIndex().filter((route) => route.url.includes('/:'));

describe('the access matrix', () => {
  it('has an entry for every route of the index with a path parameter, and none more', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(
      ID_ROUTES.map((route) => `${route.method} ${route.url}`).sort(),
    );
  });

  it('gives no party another party’s object: 401, 403 or 404 like an unknown id, nothing of it in the body, nothing changed', async () => {
    const parties = {
      nobody: () => null,
      bernd: () => w.bernd.token,
      till: () => w.pos,
      admin: () => w.admin,
      anna: () => w.anna.token,
    };
    const secrets = () => [w.anna.email, w.anna.id, w.productName, 'DE02120300000000202051'];
    const rows: string[] = [];
    for (const route of ID_ROUTES) {
      const key = `${route.method} ${route.url}`;
      const entry = MATRIX[key]!;
      if ('exempt' in entry) continue;
      const params = entry.params();
      const path = (values: Record<string, string>) =>
        route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name]!)) +
        (entry.query ? `?${entry.query}` : '');
      // the same with every id an unknown one
      const unknown = Object.fromEntries(
        Object.entries(params).map(([name, value]) => [
          name,
          /^[0-9a-f-]{36}$/.test(value) ? randomUUID() : value,
        ]),
      );
      const owner = route.access === 'admin' ? 'admin' : 'anna';
      const before = await snapshot(t.database.db);
      const statuses: string[] = [];
      for (const [party, token] of Object.entries(parties)) {
        if (party === owner) continue;
        const response = await call(token(), route.method, path(params), entry.body?.());
        const label = `${party}: ${key} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect([401, 403, 404], label).toContain(response.statusCode);
        for (const secret of secrets()) expect(response.body, label).not.toContain(secret);
        const stranger = await call(token(), route.method, path(unknown), entry.body?.());
        expect(
          { status: stranger.statusCode, body: stranger.body },
          `${label}: an unknown id gets the same answer`,
        ).toEqual({ status: response.statusCode, body: response.body });
        statuses.push(`${party} ${response.statusCode}`);
      }
      expect(changedTables(before, await snapshot(t.database.db)), key).toEqual([]);
      if (route.method === 'GET') {
        // the party itself sees it: the id is a real one
        const own = await call(parties[owner](), 'GET', path(params));
        expect(own.statusCode, `${owner}: ${key} → ${own.body.slice(0, 200)}`).toBe(200);
        statuses.push(`${owner} 200`);
      }
      rows.push(`${key}: ${statuses.join(', ')}`);
    }
    if (process.env.MATRIX_REPORT) process.stdout.write(`${rows.join('\n')}\n`);
    expect(rows).toHaveLength(Object.values(MATRIX).filter((entry) => !('exempt' in entry)).length);
  }, 240_000);
});
