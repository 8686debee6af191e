// Producers and products for the sales tests: written straight into the tables (the products
// module's own API is another helper's), with what the till's list shows.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client';
import { products } from '../src/modules/products/schema';
import { vendors } from '../src/modules/vendors/schema';

export async function producer(
  db: Database,
  fields: {
    name: string;
    unternehmen?: string;
    registrationKind?: string;
    taxStatus?: 'regelbesteuert' | 'kleinunternehmer' | 'pauschaliert' | null;
  },
): Promise<string> {
  const [row] = await db
    .insert(vendors)
    .values({
      email: `${randomUUID()}@beispiel.de`,
      name: fields.name,
      unternehmen: fields.unternehmen ?? null,
      strasse: 'Dorfstraße',
      hausnummer: '3',
      plz: '96317',
      ort: 'Kronach',
      taxStatus: fields.taxStatus === undefined ? 'regelbesteuert' : fields.taxStatus,
      registrationKind: fields.registrationKind ?? 'registration',
    })
    .returning({ id: vendors.id });
  return row!.id;
}

export async function product(
  db: Database,
  vendorId: string,
  fields: {
    name: string;
    ean: string;
    priceCents: number;
    unit?: string;
    vatRateBp?: number;
    isActive?: boolean;
  },
): Promise<string> {
  const [row] = await db
    .insert(products)
    .values({
      vendorId,
      name: fields.name,
      ean: fields.ean,
      priceCents: fields.priceCents,
      unit: fields.unit ?? 'Stück',
      vatRateBp: fields.vatRateBp ?? 700,
      isActive: fields.isActive ?? true,
      searchText: fields.name.toLowerCase(),
    })
    .returning({ id: products.id });
  return row!.id;
}

/** The header of the admin's CSV of till lines (without the optional total column). */
export const SALES_CSV_HEADER =
  'beleg;position;zeitpunkt;ean;artikel;menge;einzelpreis_brutto;mwst_satz';

/** The admin uploads a CSV of till lines (POST /api/admin/sales/import): the answer. */
export function uploadSalesCsv(
  app: FastifyInstance,
  token: string,
  csv: string | Buffer,
  contentType = 'text/csv; charset=utf-8',
) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/sales/import',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: csv,
  });
}

/** The admin uploads these lines under the usual header; the test fails unless it answers 200. */
export async function importSalesLines(app: FastifyInstance, token: string, lines: string[]) {
  const imported = await uploadSalesCsv(app, token, [SALES_CSV_HEADER, ...lines].join('\r\n'));
  expect(imported.statusCode, imported.body).toBe(200);
  return imported;
}
