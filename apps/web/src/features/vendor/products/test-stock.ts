import type { VendorUser } from '@housnkuh/shared/schemas/vendor';

/** The signed-in producer of the stock pages' tests. */
export const STOCK_USER: VendorUser = {
  id: '3f2a0c4e-0000-4000-8000-000000000001',
  name: 'Anna Huber',
  email: 'anna@beispiel.de',
  unternehmen: 'Hof Huber',
  telefon: null,
  profilBild: null,
  isVendor: true,
  accountStatus: 'Aktiv',
  registrationDate: '2026-11-01T10:00:00.000Z',
};

/** A running contract (GET /vendor-auth/contracts) in this model, with or without the storage service. */
export function stockContract(model: 'basic' | 'premium', lagerservice: boolean) {
  const services = { lagerservice, versandservice: false };
  const unit = { id: 'u1', name: 'A1', priceCents: 3500 };
  return {
    id: 'c1',
    number: 'V-2026-0001',
    vendorId: STOCK_USER.id,
    status: 'active',
    provisionType: model,
    rentalDuration: 6,
    startDate: '2026-11-01',
    trialStartsOn: null,
    trialEndsOn: null,
    freeMonth: null,
    termEndsOn: '2027-04-30',
    endDate: null,
    monthlyPriceCents: 3500,
    mietfaecher: [unit],
    zusatzleistungen: services,
    phase: 'term',
    statusLabel: 'läuft',
    earliestEnd: '2027-04-30',
    endsAtOnce: false,
    termination: null,
    versions: [
      {
        validFrom: '2026-11-01',
        provisionType: model,
        monthlyPriceCents: 3500,
        zusatzleistungen: services,
        mietfaecher: [unit],
        reason: null,
        actorName: 'Eva Muster',
      },
    ],
    nextChange: null,
  };
}
