// What the documents tests share: a producer, its month's figures (the pure core) and the
// parties as the settlement module passes them.
import { randomUUID } from 'node:crypto';
import type { DocumentParties, ShopParty } from '@housnkuh/shared/schemas/documents';
import {
  settleMonth,
  type Settlement,
  type SettlementContract,
  type SettlementSale,
} from '@housnkuh/shared/settlement';
import type { Executor } from '../src/db/client';
import { vendors } from '../src/modules/vendors/schema';

export const SHOP: ShopParty = {
  name: 'housnkuh – Inh. Eva Kraus',
  strasse: 'Strauer Str.',
  hausnummer: '15',
  plz: '96317',
  ort: 'Kronach',
  steuernummer: '214/123/45678',
  ustIdNr: 'DE123456789',
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
  kontoinhaber: 'Eva Kraus',
  zahlungszielTage: 14,
};

export interface Producer {
  id: string;
  email: string;
  parties: DocumentParties;
}

export async function producer(
  db: Executor,
  name = 'Anna Müller',
  taxStatus = 'regelbesteuert',
): Promise<Producer> {
  const email = `${randomUUID()}@beispiel.de`;
  const values = {
    email,
    name,
    unternehmen: `Hof ${name.split(' ')[1] ?? name}`,
    strasse: 'Bergstraße',
    hausnummer: '7',
    plz: '96328',
    ort: 'Küps',
    taxStatus,
    steuernummer: '207/111/22222',
    ustIdNr: null,
    iban: 'DE89370400440532013000',
    kontoinhaber: name,
  };
  const [row] = await db.insert(vendors).values(values).returning({ id: vendors.id });
  return {
    id: row!.id,
    email,
    parties: {
      shop: SHOP,
      producer: {
        name: values.name,
        unternehmen: values.unternehmen,
        email,
        strasse: values.strasse,
        hausnummer: values.hausnummer,
        plz: values.plz,
        ort: values.ort,
        taxStatus: values.taxStatus,
        steuernummer: values.steuernummer,
        ustIdNr: null,
        iban: values.iban,
        kontoinhaber: values.kontoinhaber,
      },
    },
  };
}

/** What insertSettlementDocuments takes for the producer's October 2026 (`settlement`). */
export function octoberDocuments(p: Producer, settlement: Settlement = octoberFigures()) {
  return { vendorId: p.id, month: '2026-10', settlement, parties: p.parties };
}

/**
 * The contract of the binding example (docs/product/money.md): one unit at 15,00 € (Basic, 4 %)
 * from 01.08.2026 to 31.10.2026, named `label`.
 */
export function bindingContract(label: string): SettlementContract {
  return {
    id: 'c1',
    number: 'V-2026-0001',
    startDate: '2026-08-01',
    endDate: '2026-10-31',
    cancelled: false,
    versions: [
      {
        validFrom: '2026-08-01',
        provisionType: 'basic',
        commissionRateBp: 400,
        monthlyPriceCents: 1500,
        label,
      },
    ],
  };
}

let saleCounter = 0;
export function sale(soldOn: string, grossCents: number, vatRateBp = 700): SettlementSale {
  saleCounter += 1;
  return {
    id: randomUUID(),
    receiptId: `B-${saleCounter}`,
    position: 1,
    soldAt: `${soldOn}T09:00:00.000Z`,
    soldOn,
    articleText: 'Blütenhonig 500 g',
    quantityThousandths: 2000,
    unitPriceGrossCents: grossCents / 2,
    vatRateBp,
    grossCents,
  };
}

/**
 * October 2026: rent for A10 (Basic, 4 %), two sales and one refund; `rent: false`: no
 * contract, no sale, only an open amount (a statement without an invoice).
 */
export function octoberFigures(options: { rent?: boolean } = {}): Settlement {
  return settleMonth({
    month: '2026-10',
    freeMonth: null,
    contracts:
      options.rent === false
        ? []
        : [
            {
              id: 'c1',
              number: 'V-2026-0001',
              startDate: '2026-09-01',
              endDate: null,
              cancelled: false,
              versions: [
                {
                  validFrom: '2026-09-01',
                  provisionType: 'basic',
                  commissionRateBp: 400,
                  monthlyPriceCents: 1500,
                  label: 'Mietfach A10',
                },
              ],
            },
          ],
    sales: options.rent === false ? [] : [sale('2026-10-02', 1000), sale('2026-10-15', 2400, 1900)],
    manualLines:
      options.rent === false
        ? []
        : [
            // a credit on the invoice (a charge < 0): the same figures as before the kinds
            {
              id: 'm1',
              kind: 'charge',
              text: 'Erstattung fehlende Ware',
              grossCents: -350,
              vatRateBp: 1900,
            },
          ],
    openItems:
      options.rent === false
        ? [{ id: 'o1', month: '2026-09', documentNumber: 'VA-2026-00001', amountCents: 48 }]
        : [],
    shopVatRateBp: 1900,
  });
}
