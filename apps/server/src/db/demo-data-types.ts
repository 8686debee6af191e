import type { VerifyStatus } from '@housnkuh/shared/catalog';

import type { Weekday } from '@housnkuh/shared/weekdays';

/** A rental unit (Mietfach) of the shop floor. */
export interface DemoRentalUnit {
  /** Short code shown in the shop, e.g. 'A3'. Unique. */
  name: string;
  /** The catalog option this unit is sold as, e.g. 'block-a' (see PACKAGE_OPTIONS). */
  optionId: string;
  beschreibung: string;
  /** Where in the shop, e.g. 'Regalwand links, Augenhöhe'. */
  standort: string;
  /** Size as people read it, e.g. '80 × 39 × 67 cm'. */
  groesse: string;
  /** Monthly price in cents; the catalog price of optionId. */
  preis: number;
}

export interface DemoVendor {
  /** Contact person, first and last name. */
  name: string;
  unternehmen: string;
  slogan: string;
  /** Several paragraphs separated by a blank line ("\n\n"). */
  beschreibung: string;
  /** Reserved domain, never deliverable: '...@<name>.example'. */
  email: string;
  /** Clearly fictitious: the subscriber part starts with 0. */
  telefon: string;
  /** 'https://www.<name>.example' or '' */
  website: string;
  adresse: {
    strasse: string;
    hausnummer: string;
    plz: string;
    ort: string;
    lat: number;
    lng: number;
  };
  socialMedia: { facebook?: string; instagram?: string };
  /** Free text per day, e.g. '8:00–18:00 Uhr' or 'nach Vereinbarung'; '' when closed or not given. */
  oeffnungszeiten: Record<Weekday, string>;
  /** Slugs of PRODUCT_CATEGORIES. */
  tags: string[];
  verifyStatus: VerifyStatus;
  /** Names of the DemoRentalUnit entries this vendor rents. */
  mietfaecher: string[];
  /**
   * How many months before the demo's opening the producer pre-registered (its registration
   * date; every demo contract starts on the demo's opening, docs/decisions/0043-discount-term-and-demo.md).
   */
  registeredMonthsBefore: number;
  provisionType: 'basic' | 'premium';
}
