/** A password the registration accepts. */
export const TEST_PASSWORD = 'Sicher1!';

/** A booking as the registration modal sends it: the catalog's prices and total. */
export const CATALOG_PACKAGE_DATA = {
  selectedProvisionType: 'premium',
  packageCounts: { 'block-a': 2, 'block-cold': 1 },
  rentalDuration: 6,
  zusatzleistungen: { lagerservice: true, versandservice: false },
  packageOptions: [
    { id: 'block-a', name: 'Verkaufsblock Lage A', price: 35 },
    { id: 'block-cold', name: 'gekühlt', price: 50 },
  ],
  totalCost: { monthly: 133, oneTime: 0, provision: 7 },
  discount: 0.05,
};

/** The same booking from a tampered client: prices 0, total 1, discount 90 %. */
export const TAMPERED_PACKAGE_DATA = {
  ...CATALOG_PACKAGE_DATA,
  packageOptions: [
    { id: 'block-a', name: 'Verkaufsblock Lage A', price: 0 },
    { id: 'block-cold', name: 'gekühlt', price: 0 },
  ],
  totalCost: { monthly: 1, oneTime: 0, provision: 7 },
  discount: 0.9,
};

/**
 * A valid registration body; its package is a tampered client's
 * (`TAMPERED_PACKAGE_DATA`), which the server must price from the catalog.
 * Pass `{ packageData: CATALOG_PACKAGE_DATA }` for what the modal sends.
 */
export function registrationBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    email,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    name: 'Anna Huber',
    telefon: '09261 12345',
    unternehmen: 'Hof Huber',
    strasse: 'Dorfstraße',
    hausnummer: '3',
    plz: '96317',
    ort: 'Kronach',
    comments: 'Ich habe vor allem Eier und Nudeln.',
    agreeToTerms: true,
    agreeToPrivacy: true,
    packageData: structuredClone(TAMPERED_PACKAGE_DATA),
    ...overrides,
  };
}
