// Valid bodies of the routes whose refinements a JSON Schema cannot say (an e-mail that is one,
// a registration with matching passwords, a till receipt, ...), and the query fields of routes
// that read them: the API fuzz (test/fuzz/engine.ts) starts from these and changes one part at a
// time. A route not listed here gets valid values from its zod schema alone.
import { DATEV_DEFAULTS } from '@housnkuh/shared/schemas/billing';
import { registrationBody, TEST_PASSWORD } from '@housnkuh/test-support/registration';

export interface Known {
  body?: () => Record<string, unknown>;
  query?: string[];
}

/** The list by "METHOD /path"; `vendorId` is the fuzz's producer. */
export function knownRequests(vendorId: () => string): Record<string, Known> {
  let serial = 0;
  return {
    'POST /api/newsletter/subscribe': {
      body: () => ({ email: 'fuzz@beispiel.de', name: 'Anna', type: 'customer' }),
    },
    'POST /api/contact': {
      body: () => ({
        name: 'Anna',
        email: 'fuzz@beispiel.de',
        phone: '0170 1234567',
        subject: 'Frage',
        message: 'Hallo',
      }),
    },
    'POST /api/vendor-contest/submit': {
      body: () => ({ name: 'Anna', email: 'fuzz@beispiel.de', guessedVendors: ['a', 'b', 'c'] }),
    },
    'POST /api/vendor-auth/register': {
      body: () => registrationBody(`fuzz${serial++}@beispiel.de`),
    },
    'POST /api/vendor-auth/preregister': {
      body: () => registrationBody(`fuzz${serial++}@beispiel.de`),
    },
    'POST /api/vendor-auth/login': {
      body: () => ({ email: 'fuzz-login@beispiel.de', password: TEST_PASSWORD }),
    },
    'POST /api/vendor-auth/forgot-password': { body: () => ({ email: 'fuzz@beispiel.de' }) },
    'POST /api/vendor-auth/email-available': { body: () => ({ email: 'fuzz@beispiel.de' }) },
    'POST /api/vendor-auth/resend-confirmation': { body: () => ({ email: 'fuzz@beispiel.de' }) },
    'POST /api/newsletter/unsubscribe': { body: () => ({ token: 'a'.repeat(43) }) },
    'POST /api/vendor-auth/reset-password': {
      body: () => ({ token: 'a'.repeat(43), password: 'Neu2025!', confirmPassword: 'Neu2025!' }),
    },
    'POST /api/vendor-auth/cancel-trial-booking/:id': { body: () => ({ reason: 'Umzug' }) },
    'POST /api/vendor-auth/additional-booking': {
      body: () => ({
        userId: vendorId(),
        packageData: { packageCounts: { 'block-a': 1 }, rentalDuration: 6 },
      }),
    },
    'GET /api/vendor-auth/public/profiles': {
      query: [
        'search',
        'tags',
        'standorte',
        'verifyStatus',
        'registrationStatus',
        'sortBy',
        'sortOrder',
        'page',
        'limit',
      ],
    },
    'POST /api/vendor-auth/products': {
      body: () => ({
        name: 'Blütenhonig',
        priceCents: 650,
        unit: 'Glas',
        vatRate: 7,
        inhalt: 500,
        inhaltEinheit: 'g',
      }),
    },
    'PATCH /api/vendor-auth/products/:id': {
      body: () => ({ name: 'Waldhonig', priceCents: 700, isActive: false }),
    },
    'GET /api/vendor-auth/products': { query: ['search', 'sort', 'page', 'limit', 'active'] },
    'GET /api/admin/products': {
      query: ['search', 'sort', 'page', 'limit', 'active', 'vendorId'],
    },
    'PATCH /api/admin/products/:id': {
      body: () => ({ name: 'Waldhonig', priceCents: 700, vatRate: 19, isActive: false }),
    },
    'GET /api/geocode': { query: ['address'] },
    'POST /api/vendor-auth/products/:id/stock': {
      body: () => ({ kind: 'delivery', quantity: 2, place: 'shelf', note: 'Lieferung' }),
    },
    'POST /api/admin/products/:id/stock': {
      body: () => ({ kind: 'delivery', quantity: 2, place: 'storeroom', note: 'Wareneingang' }),
    },
    'GET /api/admin/inventory/deliveries': { query: ['state'] },
    'POST /api/admin/inventory/deliveries/confirm': {
      body: () => ({ movementIds: ['00000000-0000-4000-8000-000000000000'] }),
    },
    'POST /api/admin/inventory-counts': {
      body: () => ({
        counts: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
      }),
    },
    'GET /api/admin/inventory-counts': { query: ['page', 'limit'] },
    'POST /api/admin/inventory-counts/lines/:id/correction': {
      body: () => ({
        quantity: 3,
        reason: 'Zählfehler',
        causedByProducer: 'Gläser beim Einräumen zerbrochen',
      }),
    },
    'PUT /api/vendor-auth/products/restock-mail': { body: () => ({ mode: 'daily' }) },
    'GET /api/vendor-auth/products/low-stock': {},
    'GET /api/vendor-auth/products/:id/movements': { query: ['page', 'limit'] },
    'GET /api/vendor-auth/inventory-counts': { query: ['page', 'limit'] },
    'GET /api/vendor-auth/products/labels.pdf': { query: ['ids', 'counts', 'format', 'start'] },
    'GET /api/vendor-auth/sales': { query: ['from', 'to', 'groupBy'] },
    'GET /api/vendor-auth/sales.csv': { query: ['from', 'to', 'groupBy'] },
    'GET /api/admin/documents': { query: ['vendorId', 'month'] },
    'POST /api/pos/sales': {
      body: () => ({
        receipts: [
          {
            id: `F-${serial++}`,
            time: '2026-01-05T10:00:00+01:00',
            lines: [
              {
                position: 1,
                ean: '2000000000015',
                name: 'Honig',
                quantity: 0.5,
                unitPriceGrossCents: 650,
                vatRate: 7,
              },
            ],
          },
        ],
      }),
    },
    'POST /api/admin/sales/unassigned': {
      body: () => ({
        lineIds: ['00000000-0000-0000-0000-000000000000'],
        kind: 'no_vendor',
        noVendor: 'no_sale',
      }),
    },
    'POST /api/admin/sales/unassigned/:lineId': {
      body: () => ({ kind: 'no_vendor', noVendor: 'no_sale' }),
    },
    'GET /api/admin/sales/unassigned': { query: ['page', 'limit', 'search'] },
    'POST /api/admin/sales/clarify/:lineId': { body: () => ({ vatRate: 7 }) },
    'GET /api/admin/sales/clarify': { query: ['page', 'limit', 'search'] },
    'GET /api/admin/exports/documents.csv': { query: ['from', 'to'] },
    'GET /api/admin/exports/datev': { query: ['from', 'to'] },
    'GET /api/admin/abrechnungen': { query: ['month'] },
    'POST /api/admin/abrechnungen': { body: () => ({ month: '2026-10' }) },
    'POST /api/admin/abrechnungen/:month/manual-lines': {
      body: () => ({
        vendorId: 'x',
        kind: 'charge',
        text: 'Reinigung',
        grossCents: 500,
        vatRateBp: 1900,
      }),
    },
    'POST /api/admin/abrechnungen/:month/payouts/paid': { body: () => ({ vendorIds: [] }) },
    'POST /api/admin/documents/:id/cancel': { body: () => ({ reason: 'Falscher Preis' }) },
    'POST /api/admin/abrechnungen/:month/zahlungslauf': {
      body: () => ({ executionDate: '2026-10-06' }),
    },
    'GET /api/admin/zahlungslaeufe': { query: ['month'] },
    'POST /api/admin/zahlungslaeufe/:id/transferred': {
      body: () => ({ transferredOn: '2026-10-06' }),
    },
    'POST /api/admin/payouts/:id/returned': { body: () => ({ reason: 'Konto erloschen' }) },
    'GET /api/admin/open-items': { query: ['state'] },
    'GET /api/admin/revenue': { query: ['from', 'to'] },
    'GET /api/admin/revenue.csv': { query: ['from', 'to'] },
    'PUT /api/admin/billing-settings': {
      body: () => ({
        steuernummer: '218/123/45678',
        ustIdNr: 'DE123456789',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        kontoinhaber: 'housnkuh',
        zahlungszielTage: 14,
        datev: {
          beraternummer: 1234567,
          mandantennummer: 10001,
          ...DATEV_DEFAULTS,
        },
      }),
    },
  };
}
